// Settings > Access tokens: id, created, expires; delete (confirm). Tokens are only ever created by
// device login (a CLI or another device asks, the user confirms at /device/verify), so the empty
// state explains that instead of offering a "New" button.

import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { ListItem } from '../../api/types'
import { createdColumn } from '../../components/columns'
import { confirmAction } from '../../components/confirm-queue'
import { ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { useKindReason } from '../../hooks/use-action-reason'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { deleteListed } from '../../ui/delete'
import { kinds } from '../../ui/kinds'
import { formatDateTime } from '../../util/date'

type AccessToken = ListItem<'currentUserAccessTokenList'>

const verifyLink = (
  <Link href={paths.deviceVerify()} className={css({ textDecoration: 'underline', color: 'accent.fg' })}>
    /device/verify
  </Link>
)

const columns = defineColumns<AccessToken>([
  {
    id: 'id',
    header: 'ID',
    cell: (t) => <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{t.id}</span>,
  },
  createdColumn(),
  {
    id: 'expires',
    header: 'Expires',
    cell: (t) =>
      t.timeExpires ? (
        formatDateTime(t.timeExpires)
      ) : (
        <span className={css({ color: 'fg.muted' })}>Never</span>
      ),
  },
])

export default function AccessTokensPage() {
  // The user's own tokens: no role is needed, only a link.
  const reason = useKindReason(kinds.accessToken)
  return (
    <ResourceList
      list={lists.accessTokens}
      columns={columns}
      rowName={(t) => `token ${t.id}`}
      intro={
        <p>
          Access tokens let a command-line tool or another device act as you. They are created by device
          login, when you confirm a device's code at {verifyLink}. Deleting a token signs that device out.
        </p>
      }
      empty={
        <>
          Tokens come from device login: start a login from the CLI or another device, then enter the code it
          shows at {verifyLink}. Each confirmed device gets a token that is listed here.
        </>
      }
      actions={(t) => [
        {
          label: 'Delete',
          danger: true,
          disabledReason: reason(),
          onSelect: () =>
            confirmAction({
              title: 'Delete access token',
              content: (
                <p>
                  Are you sure you want to delete token <strong>{t.id}</strong>? The device using it is signed
                  out and must log in again.
                </p>
              ),
              actionLabel: 'Delete',
              actionType: 'danger',
              errorTitle: 'Could not delete access token',
              run: () =>
                deleteListed(
                  'currentUserAccessTokenDelete',
                  { path: { tokenId: t.id } },
                  { id: t.id, list: 'currentUserAccessTokenList' },
                  'Access token deleted',
                ),
            }),
        },
      ]}
    />
  )
}
