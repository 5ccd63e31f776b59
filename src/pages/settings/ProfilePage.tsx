// Settings > Profile: display name, user id (with copy) and the user's groups.
import { css } from 'styled-system/css'
import { useList, useResource } from '../../../storage'
import { CopyButton, PageHeader, Skeleton, UserIcon } from '../../components'
import { QueryError } from '../../ui/QueryError'

const row = css({
  display: 'grid',
  gridTemplateColumns: '10rem 1fr',
  gap: '4',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  alignItems: 'center',
})
const label = css({ color: 'fg.muted', fontSize: 'sm' })

const groupChip = css({ bg: 'bg.raised', px: '2', py: '0.5', borderRadius: 'sm', fontSize: 'sm' })

export default function ProfilePage() {
  const me = useResource('currentUserView', {})
  const groups = useList('currentUserGroups', {})
  if (me.error && !me.data) return <QueryError error={me.error} />
  const user = me.data
  return (
    <>
      <PageHeader title="Profile" icon={<UserIcon />} />
      <dl className={css({ maxW: '48rem' })}>
        <div className={row}>
          <dt className={label}>Display name</dt>
          <dd>{user ? user.displayName : <Skeleton />}</dd>
        </div>
        <div className={row}>
          <dt className={label}>User ID</dt>
          <dd
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              fontFamily: 'mono',
              fontSize: 'sm',
            })}
          >
            {user ? (
              <>
                {user.id} <CopyButton value={user.id} label="user ID" />
              </>
            ) : (
              <Skeleton />
            )}
          </dd>
        </div>
        <div className={row}>
          <dt className={label}>Silo</dt>
          <dd>{user ? user.siloName : <Skeleton />}</dd>
        </div>
        <div className={row}>
          <dt className={label}>Groups</dt>
          <dd>
            {groups.data ? (
              groups.data.items.length === 0 ? (
                <span className={css({ color: 'fg.muted' })}>Not a member of any group</span>
              ) : (
                <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none' })}>
                  {groups.data.items.map((g) => (
                    <li key={g.id} className={groupChip}>
                      {g.displayName}
                    </li>
                  ))}
                </ul>
              )
            ) : (
              <Skeleton />
            )}
          </dd>
        </div>
      </dl>
    </>
  )
}
