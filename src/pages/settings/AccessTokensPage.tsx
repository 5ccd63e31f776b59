// Settings > Access tokens: id, created, expires; delete (confirm). Tokens are only ever created by
// device login (a CLI or another device asks, the user confirms at /device/verify), so the empty
// state explains that instead of offering a "New" button.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { mutate } from '../../../storage'
import { toUserError } from '../../api/errors'
import type { ListItem } from '../../api/types'
import {
  ActionMenu,
  confirmAction,
  copyText,
  defineColumns,
  EmptyState,
  KeyIcon,
  PageHeader,
  Pagination,
  Table,
  toast,
} from '../../components'
import { CacheStatus } from '../../components/CacheStatus'
import { useListPage } from '../../hooks/use-list-page'
import { useWriteGuard } from '../../hooks/use-write-guard'
import { paths } from '../../paths'
import { QueryError } from '../../ui/QueryError'
import { formatDateTime } from '../../util/date'

const inlineLink = css({ textDecoration: 'underline', color: 'accent.fg' })

type AccessToken = ListItem<'currentUserAccessTokenList'>

const columns = defineColumns<AccessToken>([
  {
    id: 'id',
    header: 'ID',
    cell: (t) => <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{t.id}</span>,
    sortValue: (t) => t.id,
  },
  {
    id: 'created',
    header: 'Created',
    cell: (t) => formatDateTime(t.timeCreated),
    sortValue: (t) => t.timeCreated,
  },
  {
    id: 'expires',
    header: 'Expires',
    cell: (t) =>
      t.timeExpires ? (
        formatDateTime(t.timeExpires)
      ) : (
        <span className={css({ color: 'fg.muted' })}>Never</span>
      ),
    sortValue: (t) => t.timeExpires ?? null,
  },
])

async function deleteToken(t: AccessToken) {
  const r = await mutate(
    'currentUserAccessTokenDelete',
    { path: { tokenId: t.id } },
    { removes: { id: t.id }, invalidates: [{ endpoint: 'currentUserAccessTokenList' }] },
  )
  if (r.type !== 'success') throw new Error(toUserError('currentUserAccessTokenDelete', r).message)
  toast.success('Access token deleted')
}

export default function AccessTokensPage() {
  const list = useListPage('currentUserAccessTokenList', {})
  const writeBlocked = useWriteGuard()
  return (
    <>
      <PageHeader
        title="Access tokens"
        icon={<KeyIcon />}
        actions={<CacheStatus {...list} onRefresh={() => void list.refresh()} />}
      />
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4', maxW: '48rem' })}>
        Access tokens let a command-line tool or another device act as you. They are created by device login,
        when you confirm a device's code at{' '}
        <Link href={paths.deviceVerify()} className={inlineLink}>
          /device/verify
        </Link>
        . Deleting a token signs that device out.
      </p>
      {list.error && !list.data ? (
        <QueryError error={list.error} />
      ) : (
        <Table
          label="Access tokens"
          columns={columns}
          rows={list.items}
          rowKey={(t) => t.id}
          loading={list.isLoading}
          emptyState={
            <EmptyState
              icon={<KeyIcon />}
              title="No access tokens"
              body={
                <>
                  Tokens come from device login: start a login from the CLI or another device, then enter the
                  code it shows at{' '}
                  <Link href={paths.deviceVerify()} className={inlineLink}>
                    /device/verify
                  </Link>
                  . Each confirmed device gets a token that is listed here.
                </>
              }
            />
          }
          rowActions={(t) => (
            <ActionMenu
              label={`Actions for token ${t.id}`}
              items={[
                {
                  label: 'Copy ID',
                  onSelect: () => void copyText(t.id).then((ok) => ok && toast.success('Token ID copied')),
                },
                {
                  label: 'Delete',
                  danger: true,
                  disabledReason: writeBlocked,
                  onSelect: () =>
                    confirmAction({
                      title: 'Delete access token',
                      content: (
                        <p>
                          Are you sure you want to delete token <strong>{t.id}</strong>? The device using it
                          is signed out and must log in again.
                        </p>
                      ),
                      actionLabel: 'Delete',
                      actionType: 'danger',
                      errorTitle: 'Could not delete access token',
                      run: () => deleteToken(t),
                    }),
                },
              ]}
            />
          )}
        />
      )}
      <Pagination {...list.pagination} />
    </>
  )
}
