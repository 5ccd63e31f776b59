// What a screen shows when its data could not be loaded (spec section 8): 404 -> Page not found;
// 403 -> "Action not authorized" plus the no-group notice when the user has no groups and no silo
// role; anything else -> "Something went wrong" with the catalogue's message.
import { css } from 'styled-system/css'
import { useResource } from '../../storage'
import { NO_GROUP_DOCS_URL, shouldShowNoGroupNotice } from '../api/errors'
import { EmptyState } from '../components/EmptyState'
import { AlertIcon } from '../components/icons'
import { S } from '../strings'

export function NoGroupNotice() {
  const groups = useResource('currentUserGroups', {})
  const policy = useResource('policyView', {})
  const me = useResource('currentUserView', {})
  if (!groups.data || !me.data) return null
  // Reading the silo policy needs a role: a 403 on it means the user has none.
  const policyForbidden = policy.error?.kind === 'forbidden'
  if (!policy.data && !policyForbidden) return null
  const userId = me.data.id
  const groupIds = new Set(groups.data.items.map((g) => g.id))
  const siloRoleCount = policyForbidden
    ? 0
    : (policy.data?.roleAssignments ?? []).filter(
        (a) => a.identityId === userId || groupIds.has(a.identityId),
      ).length
  if (!shouldShowNoGroupNotice({ groupCount: groups.data.items.length, siloRoleCount })) return null
  return (
    <p
      role="note"
      className={css({
        bg: 'notice.bg',
        color: 'notice.fg',
        p: '3',
        borderRadius: 'md',
        fontSize: 'sm',
        maxW: '40rem',
      })}
    >
      {S.noGroupNotice}{' '}
      <a
        href={NO_GROUP_DOCS_URL}
        target="_blank"
        rel="noreferrer"
        className={css({ textDecoration: 'underline' })}
      >
        Read about configuring access
      </a>
    </p>
  )
}

export function QueryError({ error }: { error: { kind: string; message: string } }) {
  if (error.kind === 'not_found') {
    return <EmptyState icon={<AlertIcon />} title={S.notFoundTitle} body={S.notFoundBody} />
  }
  if (error.kind === 'forbidden') {
    return (
      <div className={css({ display: 'grid', gap: '4', justifyItems: 'center' })}>
        <EmptyState icon={<AlertIcon />} title={S.notAuthorized} />
        <NoGroupNotice />
      </div>
    )
  }
  return (
    <EmptyState
      icon={<AlertIcon />}
      title={S.errorTitle}
      body={
        <>
          <span role="alert">{error.message}</span> {S.errorBody}
        </>
      }
    />
  )
}
