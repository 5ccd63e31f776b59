// Settings > SSH keys: name, description, created; view (read-only with copy) and delete. The add
// form (`/settings/ssh-keys-new`) and the view (`/settings/ssh-keys/{sshKey}/edit`) are child
// routes: their side modals open in this list's <Outlet />, over the list, which stays mounted.
import { css } from 'styled-system/css'
import { Link, useLocation, useSearch } from 'wouter'
import { mutate } from '../../../storage'
import { toUserError } from '../../api/errors'
import type { SshKey } from '../../api/types'
import {
  ActionMenu,
  Button,
  confirmDelete,
  copyText,
  defineColumns,
  EmptyState,
  KeyIcon,
  PageHeader,
  Pagination,
  PlusIcon,
  Table,
  toast,
} from '../../components'
import { CacheStatus } from '../../components/CacheStatus'
import { SshKeyCreateForm } from '../../forms/ssh-key-create'
import { SshKeyViewForm } from '../../forms/ssh-key-view'
import { useListPage } from '../../hooks/use-list-page'
import { useWriteGuard } from '../../hooks/use-write-guard'
import { paths, withSearch } from '../../paths'
import { Outlet, useRouteParams } from '../../route-context'
import { QueryError } from '../../ui/QueryError'
import { formatDateTime } from '../../util/date'

/** Opens the key's view over the list, keeping the list's page in the URL. */
function KeyLink({ name }: { name: string }) {
  const search = useSearch()
  return (
    <Link
      href={withSearch(paths.sshKeyEdit({ sshKey: name }), search)}
      className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
    >
      {name}
    </Link>
  )
}

const columns = defineColumns<SshKey>([
  {
    id: 'name',
    header: 'Name',
    cell: (k) => <KeyLink name={k.name} />,
    sortValue: (k) => k.name,
  },
  { id: 'description', header: 'Description', cell: (k) => k.description, sortValue: (k) => k.description },
  {
    id: 'created',
    header: 'Created',
    cell: (k) => formatDateTime(k.timeCreated),
    sortValue: (k) => k.timeCreated,
  },
])

export async function deleteSshKey(key: SshKey) {
  const r = await mutate(
    'currentUserSshKeyDelete',
    { path: { sshKey: key.id } },
    { removes: { id: key.id }, invalidates: [{ endpoint: 'currentUserSshKeyList' }] },
  )
  if (r.type !== 'success') throw new Error(toUserError('currentUserSshKeyDelete', r).message)
  toast.success(`SSH key ${key.name} deleted`)
}

/** Closing a form returns to the list with its query (`?page=`), which the form routes keep. */
function useBackToList() {
  const [, navigate] = useLocation()
  const search = useSearch()
  return () => navigate(withSearch(paths.sshKeys(), search))
}

/** `/settings/ssh-keys-new`, in the list's outlet. */
export function SshKeyCreateRoute() {
  return <SshKeyCreateForm onDismiss={useBackToList()} />
}

/** `/settings/ssh-keys/{sshKey}/edit`, in the list's outlet. */
export function SshKeyViewRoute() {
  const { sshKey } = useRouteParams('sshKey')
  return <SshKeyViewForm sshKey={sshKey} onDismiss={useBackToList()} />
}

export default function SshKeysPage() {
  const [, navigate] = useLocation()
  const search = useSearch()
  const list = useListPage('currentUserSshKeyList', {})
  const writeBlocked = useWriteGuard()
  const openCreate = () => navigate(withSearch(paths.sshKeysNew(), search))

  return (
    <>
      <PageHeader
        title="SSH keys"
        icon={<KeyIcon />}
        actions={
          <>
            <CacheStatus {...list} onRefresh={() => void list.refresh()} />
            <Button
              variant="primary"
              onClick={openCreate}
              {...(writeBlocked ? { disabledReason: writeBlocked } : {})}
            >
              <PlusIcon /> Add SSH key
            </Button>
          </>
        }
      />
      {list.error && !list.data ? (
        <QueryError error={list.error} />
      ) : (
        <Table
          label="SSH keys"
          columns={columns}
          rows={list.items}
          rowKey={(k) => k.id}
          loading={list.isLoading}
          emptyState={
            <EmptyState
              icon={<KeyIcon />}
              title="No SSH keys"
              body="Keys you add here can be placed on new instances so you can sign in to them over SSH."
              action={{ label: 'Add SSH key', onClick: openCreate }}
            />
          }
          rowActions={(k) => (
            <ActionMenu
              label={`Actions for ${k.name}`}
              items={[
                {
                  label: 'View',
                  onSelect: () => navigate(withSearch(paths.sshKeyEdit({ sshKey: k.name }), search)),
                },
                {
                  label: 'Copy public key',
                  onSelect: () =>
                    void copyText(k.publicKey).then((ok) => ok && toast.success('Public key copied')),
                },
                {
                  label: 'Delete',
                  danger: true,
                  disabledReason: writeBlocked,
                  onSelect: () =>
                    confirmDelete({ resourceKind: 'SSH key', name: k.name, run: () => deleteSshKey(k) }),
                },
              ]}
            />
          )}
        />
      )}
      <Pagination {...list.pagination} />
      <Outlet />
    </>
  )
}
