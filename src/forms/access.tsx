// Access policy at project, silo and system level (spec section 6), shared by the three access
// pages: the table of role assignments (name, type, strongest role), "Add user or group" and
// "Change role" side modals, and removal with an extra confirmation when it takes away the current
// user's own admin role. Every change reads the policy fresh, applies one edit (assigning replaces
// any existing assignment for that identity; removing deletes it) and PUTs the whole policy.
// The forms open from the URL (`?add`, `?edit=<identity id>`), so every modal has a URL.
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { mutate, OfflineError, type QueryResult, useList, useResource } from '../../storage'
import { api } from '../api/client'
import { toUserError } from '../api/errors'
import type { ApiFailure, ApiParams, ApiResult, OperationName } from '../api/types'
import {
  ActionMenu,
  Badge,
  type BadgeColor,
  Button,
  copyText,
  defineColumns,
  EmptyState,
  Modal,
  PageHeader,
  PlusIcon,
  Select,
  SideModalForm,
  Table,
  toast,
  UserIcon,
} from '../components'
import { CacheStatus } from '../components/CacheStatus'
import { FormError } from '../hooks/use-form'
import { useWriteGuard } from '../hooks/use-write-guard'
import { ALL } from '../lists'
import { T } from '../strings'
import { QueryError } from '../ui/QueryError'
import {
  type AccessRow,
  accessRows,
  assignRole,
  dropsOwnAdmin,
  effectiveRole,
  type Identity,
  identityOffers,
  type RoleAssignment,
  type RoleName,
  removeRole,
  roleLabel,
  strongestRole,
} from '../util/roles'
import { useSideForm } from './side-form'

export type AccessLevel = 'project' | 'silo' | 'system'

type PolicyData = { roleAssignments: readonly RoleAssignment[] }

/** Where the console's own fetch of the policy and the PUT come from (per level). */
export interface PolicyIo {
  /** Name of the view operation (for the error catalogue). */
  viewOp: OperationName
  updateOp: OperationName
  /** Reads the current policy from the API (not the cache), right before a change. */
  fetch: () => Promise<ApiResult<PolicyData>>
  /** PUTs the whole list and revalidates the cached policy. */
  save: (assignments: RoleAssignment[]) => Promise<ApiResult<unknown>>
}

type PolicyOps = {
  project: ['projectPolicyView', 'projectPolicyUpdate']
  silo: ['policyView', 'policyUpdate']
  system: ['systemPolicyView', 'systemPolicyUpdate']
}
const POLICY_OPS: { [L in AccessLevel]: PolicyOps[L] } = {
  project: ['projectPolicyView', 'projectPolicyUpdate'],
  silo: ['policyView', 'policyUpdate'],
  system: ['systemPolicyView', 'systemPolicyUpdate'],
}

/**
 * The policy of a level: the cached read the screen shows, and its I/O (a fresh read right before a
 * change, then the PUT of the whole list, which revalidates the cached copy). `project` names the
 * project at project level.
 */
export function usePolicy(
  level: AccessLevel,
  project?: string,
): { policy: QueryResult<PolicyData>; io: PolicyIo } {
  const [viewOp, updateOp] = POLICY_OPS[level]
  // The three pairs share one shape (an optional project path, a body of role assignments); the
  // casts join them into one call site instead of three copies of it.
  const params = useMemo(
    () => (project ? { path: { project } } : {}) as ApiParams<'projectPolicyView'>,
    [project],
  )
  const policy = useResource(viewOp as 'projectPolicyView', params) as QueryResult<PolicyData>
  const io = useMemo<PolicyIo>(
    () => ({
      viewOp,
      updateOp,
      fetch: () => api.call(viewOp as 'projectPolicyView', params),
      save: (assignments) =>
        mutate(
          updateOp as 'projectPolicyUpdate',
          { ...params, body: { roleAssignments: assignments } as ApiParams<'projectPolicyUpdate'>['body'] },
          { invalidates: [{ endpoint: viewOp }] },
        ),
    }),
    [viewOp, updateOp, params],
  )
  return { policy, io }
}

export interface AccessScreenProps {
  level: AccessLevel
  /** What the policy is on, for messages: "project mock-project", "this silo", "the fleet". */
  scopeLabel: string
  policy: QueryResult<PolicyData>
  /** Assignments inherited from the level above (a project shows its silo's). */
  inherited?: { label: string; policy: QueryResult<PolicyData> }
  io: PolicyIo
  /** Roles offered in the pickers, strongest first. */
  roles: readonly RoleName[]
}

const LEVEL_NOUN: Record<AccessLevel, string> = { project: 'project', silo: 'silo', system: 'fleet' }

const ROLE_COLOR: Record<RoleName, BadgeColor> = {
  admin: 'purple',
  collaborator: 'blue',
  limited_collaborator: 'blue',
  viewer: 'neutral',
}

const typeLabel = (t: RoleAssignment['identityType']) => (t === 'silo_group' ? 'Group' : 'User')
const rowName = (r: AccessRow) => r.name ?? r.identityId

/** A failed policy change: its message is the form's error (or the removal toast's). */
class ChangeError extends FormError {}

function failure(op: OperationName, r: ApiFailure): ChangeError {
  return new ChangeError(toUserError(op, r).message)
}

/** Reads the policy fresh, applies `edit` and PUTs the result. Throws a ChangeError with the message. */
async function changePolicy(io: PolicyIo, edit: (a: readonly RoleAssignment[]) => RoleAssignment[]) {
  let current: ApiResult<PolicyData>
  try {
    current = await io.fetch()
    if (current.type !== 'success') throw failure(io.viewOp, current)
    const saved = await io.save(edit(current.data.roleAssignments))
    if (saved.type !== 'success') throw failure(io.updateOp, saved)
  } catch (e) {
    if (e instanceof ChangeError) throw e
    if (e instanceof OfflineError) throw new ChangeError(T.offline)
    throw new ChangeError(e instanceof Error ? e.message : String(e))
  }
}

/** The current user's id and group ids, and the reason they cannot write here (if any). */
function useWriteAccess(
  level: AccessLevel,
  policy: PolicyData | undefined,
  inherited: PolicyData | undefined,
) {
  const me = useResource('currentUserView', {})
  const myGroups = useList('currentUserGroups', {})
  const offline = useWriteGuard()
  const userId = me.data?.id
  const groupIds = useMemo(() => (myGroups.data?.items ?? []).map((g) => g.id), [myGroups.data])
  // The user's effective role here: the strongest of what this level's and the inherited
  // assignments give them directly or through their groups (spec section 6), and, below the
  // fleet, the silo admin flag of /v1/me (a project inherits the silo role).
  let myRole: RoleName | undefined
  if (me.data && policy) {
    myRole = strongestRole([
      effectiveRole(policy.roleAssignments, me.data.id, groupIds),
      inherited ? effectiveRole(inherited.roleAssignments, me.data.id, groupIds) : undefined,
      level !== 'system' && me.data.siloAdmin ? 'admin' : undefined,
    ])
  }
  let reason: string | undefined = offline
  if (!reason) {
    if (!me.data || !policy) reason = 'Checking your role…'
    else if (myRole !== 'admin') reason = `Only ${LEVEL_NOUN[level]} admins can change access`
  }
  return { userId, groupIds, reason, myRole, known: Boolean(me.data && policy && myGroups.data) }
}

export function AccessScreen({ level, scopeLabel, policy, inherited, io, roles }: AccessScreenProps) {
  const [pathname, navigate] = useLocation()
  const search = new URLSearchParams(useSearch())
  const users = useList('userList', { query: ALL })
  const groups = useList('groupList', { query: ALL })
  const { userId, groupIds, reason, myRole, known } = useWriteAccess(
    level,
    policy.data,
    inherited?.policy.data,
  )
  const [removing, setRemoving] = useState<AccessRow | null>(null)

  const names = useMemo(() => {
    const m = new Map<string, string>()
    for (const u of users.data?.items ?? []) m.set(u.id, u.displayName)
    for (const g of groups.data?.items ?? []) m.set(g.id, g.displayName)
    return m
  }, [users.data, groups.data])

  const own = useMemo(() => policy.data?.roleAssignments ?? [], [policy.data])
  const rows = useMemo(
    () => accessRows(own, inherited?.policy.data?.roleAssignments ?? [], names),
    [own, inherited?.policy.data, names],
  )
  const offers = useMemo(
    () => identityOffers(users.data?.items ?? [], groups.data?.items ?? [], own),
    [users.data, groups.data, own],
  )

  const close = () => navigate(pathname, { replace: true })
  const formContext: AccessFormContext = { scopeLabel, roles, io, writeReason: reason, onDismiss: close }
  const adding = search.has('add')
  const editingId = search.get('edit')
  const editing = editingId ? rows.find((r) => r.identityId === editingId && r.own) : undefined

  const noun = LEVEL_NOUN[level]
  const inheritedReason = inherited ? `Inherited from ${inherited.label}: change it there` : undefined
  const rowReason = (r: AccessRow) => reason ?? (r.own ? undefined : inheritedReason)

  const columns = useMemo(
    () =>
      defineColumns<AccessRow>([
        {
          id: 'name',
          header: 'Name',
          cell: (r) => (
            <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'baseline' })}>
              <span
                className={css(r.name ? { fontWeight: 'medium' } : { fontFamily: 'mono', fontSize: 'xs' })}
              >
                {rowName(r)}
              </span>
              {r.identityId === userId && (
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>(you)</span>
              )}
            </span>
          ),
          sortValue: (r) => rowName(r),
        },
        {
          id: 'type',
          header: 'Type',
          cell: (r) => typeLabel(r.identityType),
          sortValue: (r) => r.identityType,
        },
        {
          id: 'role',
          header: 'Role',
          cell: (r) => {
            const others = r.roles.slice(1)
            const fromAbove = r.roles[0]?.source === 'inherited'
            return (
              <span
                className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}
              >
                <Badge color={ROLE_COLOR[r.role]}>{roleLabel(r.role)}</Badge>
                {fromAbove && inherited && (
                  <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>via {inherited.label}</span>
                )}
                {others.length > 0 && (
                  <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                    also{' '}
                    {others
                      .map((o) =>
                        o.source === 'inherited' && inherited
                          ? `${roleLabel(o.role)} via ${inherited.label}`
                          : `${roleLabel(o.role)} here`,
                      )
                      .join(', ')}
                  </span>
                )}
              </span>
            )
          },
          sortValue: (r) => ['viewer', 'limited_collaborator', 'collaborator', 'admin'].indexOf(r.role),
        },
      ]),
    [userId, inherited],
  )

  const error = policy.error && !policy.data ? policy.error : undefined

  return (
    <>
      <PageHeader
        title="Access"
        icon={<UserIcon />}
        actions={
          <>
            <CacheStatus {...policy} onRefresh={() => void policy.refresh()} />
            {!error && (
              <Button
                variant="primary"
                onClick={() => navigate(`${pathname}?add`)}
                {...(reason ? { disabledReason: reason } : {})}
              >
                <PlusIcon /> Add user or group
              </Button>
            )}
          </>
        }
      />
      {!error && known && (
        <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>
          {myRole ? (
            <>
              Your role on {scopeLabel}: <Badge color={ROLE_COLOR[myRole]}>{roleLabel(myRole)}</Badge> (the
              strongest of your own and your groups' roles)
            </>
          ) : (
            <>You have no role on {scopeLabel}.</>
          )}
        </p>
      )}
      {error ? (
        <QueryError error={error} />
      ) : (
        <Table
          label={`Role assignments on ${scopeLabel}`}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.identityId}
          loading={policy.isLoading}
          emptyState={
            <EmptyState
              icon={<UserIcon />}
              title="No role assignments"
              body={`Nobody has a role on ${scopeLabel} yet. Add a user or group to give them one.`}
            />
          }
          rowActions={(r) => (
            <ActionMenu
              label={`Actions for ${rowName(r)}`}
              items={[
                {
                  label: 'Change role',
                  disabledReason: rowReason(r),
                  onSelect: () => navigate(`${pathname}?edit=${encodeURIComponent(r.identityId)}`),
                },
                {
                  label: 'Copy ID',
                  onSelect: () => void copyText(r.identityId).then((ok) => ok && toast.success('ID copied')),
                },
                {
                  label: 'Remove',
                  danger: true,
                  disabledReason: rowReason(r),
                  onSelect: () => setRemoving(r),
                },
              ]}
            />
          )}
        />
      )}
      {adding && <AccessAddForm {...formContext} offers={offers} />}
      {editing && (
        <AccessEditForm
          {...formContext}
          row={editing}
          ownAdmin={(after) =>
            userId !== undefined && dropsOwnAdmin(editing.identityId, editing.own, after, userId, groupIds)
          }
          noun={noun}
        />
      )}
      {removing && (
        <RemoveAccessDialog
          row={removing}
          scopeLabel={scopeLabel}
          noun={noun}
          ownAdmin={
            userId !== undefined &&
            dropsOwnAdmin(removing.identityId, removing.own, undefined, userId, groupIds)
          }
          io={io}
          onDone={() => setRemoving(null)}
        />
      )}
    </>
  )
}

const identityLabel = (i: Identity) => `${i.name} (${i.type === 'silo_group' ? 'group' : 'user'})`

/** What both the add and the change-role forms are given: the scope, its roles, its policy and why not. */
interface AccessFormContext {
  scopeLabel: string
  roles: readonly RoleName[]
  io: PolicyIo
  writeReason: string | undefined
  onDismiss: () => void
}

export interface AccessAddFormProps extends AccessFormContext {
  offers: readonly Identity[]
}

/** "Add user or group": pick an identity not yet assigned (groups first) and a role. */
export function AccessAddForm({ scopeLabel, offers, roles, io, writeReason, onDismiss }: AccessAddFormProps) {
  const { form, modal } = useSideForm({
    id: 'access-add',
    initial: { identityId: '', role: roles[roles.length - 1] ?? ('viewer' as RoleName) },
    check: ({ identityId }) =>
      offers.some((o) => o.id === identityId) ? {} : { identityId: 'Choose a user or group' },
    submit: async ({ identityId, role }) => {
      const identity = offers.find((o) => o.id === identityId) as Identity
      await changePolicy(io, (a) =>
        assignRole(a, { identityId: identity.id, identityType: identity.type }, role),
      )
      // Said here: once saved, the identity is no longer among the offers.
      toast.success(`${identity.name} is now ${roleLabel(role)} on ${scopeLabel}`)
    },
    // Issue 9: the choice survives a session expiry and the sign-in that follows.
    draft: ({ role, ...rest }) => (role && roles.includes(role) ? { ...rest, role } : rest),
    title: 'Add user or group',
    subtitle: `Give a user or group a role on ${scopeLabel}`,
    submitLabel: 'Assign role',
    disabledReason: writeReason,
    onDismiss,
  })

  return (
    <SideModalForm {...modal}>
      <Select
        label="User or group"
        required
        placeholder={offers.length ? 'Select a user or group' : 'Everyone already has a role here'}
        options={offers.map((o) => ({ value: o.id, label: identityLabel(o) }))}
        description="Groups and users of the silo who have no role here yet."
        {...form.field('identityId')}
      />
      <Select
        label="Role"
        required
        options={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
        {...form.field('role')}
      />
    </SideModalForm>
  )
}

export interface AccessEditFormProps extends AccessFormContext {
  row: AccessRow
  /** Whether moving to this role takes the current user's own admin role away. */
  ownAdmin: (after: RoleName) => boolean
  noun: string
}

/** "Change role" of one assignment; giving up your own admin role needs a second confirmation. */
export function AccessEditForm({
  scopeLabel,
  row,
  roles,
  io,
  writeReason,
  ownAdmin,
  noun,
  onDismiss,
}: AccessEditFormProps) {
  const [acknowledged, setAcknowledged] = useState(false)
  const { form, modal } = useSideForm({
    // Issue 9: the new role survives a session expiry (the id names the assignment being edited).
    id: `access-edit:${row.identityId}`,
    initial: { role: row.own ?? row.role },
    // The first submit of a change that drops your own admin role only shows the warning.
    beforeSubmit: ({ role }) => {
      if (!ownAdmin(role) || acknowledged) return true
      setAcknowledged(true)
      return false
    },
    submit: async ({ role }) => {
      await changePolicy(io, (a) =>
        assignRole(a, { identityId: row.identityId, identityType: row.identityType }, role),
      )
      toast.success(`${rowName(row)} is now ${roleLabel(role)} on ${scopeLabel}`)
    },
    draft: ({ role }) => (role && roles.includes(role) ? { role } : {}),
    title: 'Change role',
    subtitle: `${rowName(row)} (${typeLabel(row.identityType).toLowerCase()}) on ${scopeLabel}`,
    submitLabel: ({ role }) => (ownAdmin(role) && acknowledged ? 'Give up my admin role' : 'Update role'),
    disabledReason: writeReason,
    onDismiss,
  })
  const needsAck = ownAdmin(form.values.role)

  return (
    <SideModalForm {...modal}>
      <Select
        label="Role"
        required
        options={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
        {...form.field('role')}
        onChange={(e) => {
          form.set('role', e.target.value as RoleName)
          setAcknowledged(false)
        }}
      />
      {needsAck && acknowledged && <OwnAdminWarning noun={noun} scopeLabel={scopeLabel} />}
    </SideModalForm>
  )
}

function OwnAdminWarning({ noun, scopeLabel }: { noun: string; scopeLabel: string }) {
  return (
    <p
      role="alert"
      className={css({ bg: 'notice.bg', color: 'notice.fg', p: '3', borderRadius: 'md', fontSize: 'sm' })}
    >
      This is your own admin role. Without it you may no longer be able to change access on {scopeLabel}, and
      only another {noun} admin can give it back.
    </p>
  )
}

/**
 * Remove (confirm). When the assignment is the current user's own admin role (directly or through a
 * group), a second step names the consequence before anything is sent.
 */
function RemoveAccessDialog({
  row,
  scopeLabel,
  noun,
  ownAdmin,
  io,
  onDone,
}: {
  row: AccessRow
  scopeLabel: string
  noun: string
  ownAdmin: boolean
  io: PolicyIo
  onDone: () => void
}) {
  const [step, setStep] = useState<'confirm' | 'own-admin'>('confirm')
  const [busy, setBusy] = useState(false)

  async function run() {
    if (ownAdmin && step === 'confirm') {
      setStep('own-admin')
      return
    }
    setBusy(true)
    try {
      await changePolicy(io, (a) => removeRole(a, row.identityId))
      toast.success(`Removed ${rowName(row)} from ${scopeLabel}`)
    } catch (err) {
      toast.error('Could not remove role', (err as Error).message)
    } finally {
      setBusy(false)
      onDone()
    }
  }

  const first = step === 'confirm'
  return (
    <Modal
      key={step}
      open
      role="alertdialog"
      width="narrow"
      title={first ? 'Remove role' : 'Remove your own admin role?'}
      onDismiss={() => !busy && onDone()}
      actionLabel={first ? 'Remove' : 'Remove my admin role'}
      actionType="danger"
      actionLoading={busy}
      onAction={() => void run()}
      dismissable={!busy}
    >
      <p className={css({ color: 'fg.muted' })}>
        {first ? (
          <>
            Are you sure you want to remove the {row.own ? roleLabel(row.own) : ''} role of{' '}
            <strong>{rowName(row)}</strong> on {scopeLabel}?
          </>
        ) : (
          <>
            This assignment gives you the admin role on {scopeLabel}. Without it you may no longer be able to
            change access here, and only another {noun} admin can give it back.
          </>
        )}
      </p>
    </Modal>
  )
}
