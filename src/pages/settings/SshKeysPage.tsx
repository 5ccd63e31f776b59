// Settings > SSH keys: name, description, created; view (read-only with copy) and delete. The add
// form (`/settings/ssh-keys-new`) and the view (`/settings/ssh-keys/{sshKey}/edit`) are child
// routes: their side modals open in this list's <Outlet />, over the list, which stays mounted.
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { Link, useSearch } from 'wouter'
import type { SshKey } from '../../api/types'
import { confirmDelete } from '../../components/confirm-queue'
import { KeyIcon } from '../../components/icons'
import { copyAndSay, nameColumn, ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { useActionReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { paths, withSearch } from '../../paths'
import { Outlet, useRouteParams } from '../../route-context'
import { deleteListed } from '../../ui/delete'
import { formatDateTime } from '../../util/date'

/** Opens the key's view over the list, keeping the list's page in the URL. */
function KeyLink({ name }: { name: string }) {
  return (
    <Link
      href={withSearch(paths.sshKeyEdit({ sshKey: name }), useSearch())}
      className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
    >
      {name}
    </Link>
  )
}

const columns = defineColumns<SshKey>([
  nameColumn((k) => <KeyLink name={k.name} />),
  { id: 'description', header: 'Description', cell: (k) => k.description },
  { id: 'created', header: 'Created', cell: (k) => formatDateTime(k.timeCreated) },
])

const deleteSshKey = (key: SshKey) =>
  deleteListed(
    'currentUserSshKeyDelete',
    { path: { sshKey: key.id } },
    { id: key.id, list: 'currentUserSshKeyList' },
    `SSH key ${key.name} deleted`,
  )

// The forms load when opened, not with the list.
const SshKeyCreateForm = lazy(() =>
  import('../../forms/ssh-key-create').then((m) => ({ default: m.SshKeyCreateForm })),
)
const SshKeyViewForm = lazy(() =>
  import('../../forms/ssh-key-view').then((m) => ({ default: m.SshKeyViewForm })),
)

/** `/settings/ssh-keys-new`, in the list's outlet. */
export function SshKeyCreateRoute() {
  const go = useListGo()
  return (
    <Suspense fallback={null}>
      <SshKeyCreateForm onDismiss={() => go(paths.sshKeys())} />
    </Suspense>
  )
}

/** `/settings/ssh-keys/{sshKey}/edit`, in the list's outlet. */
export function SshKeyViewRoute() {
  const { sshKey } = useRouteParams('sshKey')
  const go = useListGo()
  return (
    <Suspense fallback={null}>
      <SshKeyViewForm sshKey={sshKey} onDismiss={() => go(paths.sshKeys())} />
    </Suspense>
  )
}

export default function SshKeysPage() {
  const go = useListGo()
  // The user's own keys: no role is needed, only a link.
  const reason = useActionReason(null)
  return (
    <ResourceList
      title="SSH keys"
      icon={<KeyIcon />}
      resource="SSH key"
      endpoint="currentUserSshKeyList"
      columns={columns}
      sortByName
      create={{ label: 'Add SSH key', onClick: () => go(paths.sshKeysNew()), disabledReason: reason() }}
      empty={{
        title: 'No SSH keys',
        body: 'Keys you add here can be placed on new instances so you can sign in to them over SSH.',
      }}
      actions={(k) => [
        { label: 'View', onSelect: () => go(paths.sshKeyEdit({ sshKey: k.name })) },
        {
          label: 'Copy public key',
          onSelect: () => copyAndSay(k.publicKey, 'Public key copied'),
        },
        {
          label: 'Delete',
          danger: true,
          disabledReason: reason(),
          onSelect: () =>
            confirmDelete({ resourceKind: 'SSH key', name: k.name, run: () => deleteSshKey(k) }),
        },
      ]}
    >
      <Outlet />
    </ResourceList>
  )
}
