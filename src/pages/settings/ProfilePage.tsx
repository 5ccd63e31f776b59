// Settings > Profile: display name, user id (with copy) and the user's groups.
import { css } from 'styled-system/css'
import { useList, useResource } from '../../../storage'
import { PageHeader, Skeleton, UserIcon } from '../../components'
import { CopyableValue } from '../../components/CopyableValue'
import { Fact, FactList } from '../../components/FactList'
import { QueryError } from '../../ui/QueryError'

const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })
const groupChip = css({ bg: 'bg.raised', px: '2', py: '0.5', borderRadius: 'sm', fontSize: 'sm' })

export default function ProfilePage() {
  const me = useResource('currentUserView', {})
  const groups = useList('currentUserGroups', {}).data?.items
  if (me.error && !me.data) return <QueryError error={me.error} />
  const user = me.data
  return (
    <>
      <PageHeader title="Profile" icon={<UserIcon />} />
      <FactList>
        <Fact term="Display name">{user ? user.displayName : <Skeleton />}</Fact>
        <Fact term="User ID">
          {user ? <CopyableValue value={user.id} label="user ID" size="sm" /> : <Skeleton />}
        </Fact>
        <Fact term="Silo">{user ? user.siloName : <Skeleton />}</Fact>
        <Fact term="Groups">
          {!groups ? (
            <Skeleton />
          ) : groups.length === 0 ? (
            <span className={css({ color: 'fg.muted' })}>Not a member of any group</span>
          ) : (
            <ul className={chips}>
              {groups.map((g) => (
                <li key={g.id} className={groupChip}>
                  {g.displayName}
                </li>
              ))}
            </ul>
          )}
        </Fact>
      </FactList>
    </>
  )
}
