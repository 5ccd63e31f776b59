// Settings > SSH keys: name, description, created; view (read-only with copy) and delete. The add
// form (`/settings/ssh-keys-new`) and the view (`/settings/ssh-keys/{sshKey}/edit`) are child
// routes: this page renders the list and, on those paths, the form's side modal over it.
import { useContext } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { mutate, prefetchList } from '../../../storage'
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
import { RouteParamsContext } from '../../route-context'
import { QueryError } from '../../ui/QueryError'
import { formatDateTime } from '../../util/date'

const LIST = '/settings/ssh-keys'

const columns = defineColumns<SshKey>([
  {
    id: 'name',
    header: 'Name',
    cell: (k) => (
      <Link
        href={`${LIST}/${encodeURIComponent(k.name)}/edit`}
        className={css({ fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}
      >
        {k.name}
      </Link>
    ),
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

export function prefetch() {
  prefetchList('currentUserSshKeyList', { query: { limit: 50 } })
}

export async function deleteSshKey(key: SshKey) {
  const r = await mutate(
    'currentUserSshKeyDelete',
    { path: { sshKey: key.id } },
    { removes: { id: key.id }, invalidates: [{ endpoint: 'currentUserSshKeyList' }] },
  )
  if (r.type !== 'success') throw new Error(toUserError('currentUserSshKeyDelete', r).message)
  toast.success(`SSH key ${key.name} deleted`)
}

export default function SshKeysPage() {
  const [pathname, navigate] = useLocation()
  const params = useContext(RouteParamsContext)
  const list = useListPage('currentUserSshKeyList', {})
  const writeBlocked = useWriteGuard()
  const backToList = () => navigate(LIST)
  const creating = pathname === '/settings/ssh-keys-new'
  const viewing = params.sshKey

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
              onClick={() => navigate('/settings/ssh-keys-new')}
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
              action={{ label: 'Add SSH key', onClick: () => navigate('/settings/ssh-keys-new') }}
            />
          }
          rowActions={(k) => (
            <ActionMenu
              label={`Actions for ${k.name}`}
              items={[
                { label: 'View', onSelect: () => navigate(`${LIST}/${encodeURIComponent(k.name)}/edit`) },
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
      {creating && <SshKeyCreateForm onDismiss={backToList} />}
      {viewing !== undefined && <SshKeyViewForm sshKey={viewing} onDismiss={backToList} />}
    </>
  )
}
