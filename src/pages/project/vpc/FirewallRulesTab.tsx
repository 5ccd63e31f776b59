// A VPC's firewall rules tab (issue 14): priority, name, action, direction, targets, the filters
// (hosts, protocols, ports) and status, in the order the rules are evaluated (priority). Rows offer
// Edit, Clone, Enable/Disable and Delete; the forms (`firewall-rules-new[/{rule}]`,
// `firewall-rules/{rule}/edit`) are child routes shown over the table in its outlet. Every write sends
// the VPC's whole list (firewall-rules.ts), so the other rules go back exactly as the server has them.
import { lazy, type ReactNode, Suspense, useContext, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { type QueryResult, useResource } from '../../../../storage'
import { unwrap } from '../../../api/errors'
import type { ApiResponse } from '../../../api/types'
import {
  Badge,
  CloudOffIcon,
  defineColumns,
  NetworkingIcon,
  SideModal,
  Skeleton,
  toast,
} from '../../../components'
import { Absent } from '../../../components/Absent'
import { nameColumn } from '../../../components/columns'
import { confirmDelete, errorMessage } from '../../../components/confirm-queue'
import { Lines } from '../../../components/Lines'
import { RowMenu } from '../../../components/RowMenu'
import { useKindReason } from '../../../hooks/use-action-reason'
import { paths } from '../../../paths'
import { Outlet, RouteParamsContext, useRouteParams } from '../../../route-context'
import { T } from '../../../strings'
import { kinds } from '../../../ui/kinds'
import { QueryError } from '../../../ui/QueryError'
import { OpenFormButton } from '../../list-table'
import { TabTable } from '../instance/shared'
import {
  cloneName,
  FIREWALL_WRITE,
  type FirewallRule,
  hostLabel,
  protocolLabel,
  type RuleUpdate,
  rulesParams,
  saveRules,
  sortRules,
  withoutRule,
  withStatus,
} from './firewall-rules'

// The form loads when it is first opened, not with the tab.
const FirewallRuleForm = lazy(() =>
  import('../../../forms/firewall-rule-form').then((m) => ({ default: m.FirewallRuleForm })),
)

/** Values of a rule's list, or (none) what that means: a muted "Any" for a filter left out. */
const any = <span className={css({ color: 'fg.muted' })}>Any</span>

const columns = defineColumns<FirewallRule>([
  { id: 'priority', header: 'Priority', cell: (r) => r.priority, sortValue: (r) => r.priority },
  nameColumn({ sortLocally: true }),
  {
    id: 'action',
    header: 'Action',
    cell: (r) => <Badge color={r.action === 'allow' ? 'green' : 'red'}>{r.action}</Badge>,
  },
  { id: 'direction', header: 'Direction', cell: (r) => r.direction },
  {
    id: 'targets',
    header: 'Targets',
    cell: (r) => <Lines items={r.targets.map(hostLabel)} empty={<Absent label="None" />} />,
  },
  {
    id: 'hosts',
    header: 'Host filters',
    cell: (r) => <Lines items={r.filters.hosts?.map(hostLabel)} empty={any} />,
  },
  {
    id: 'protocols',
    header: 'Protocols',
    cell: (r) => <Lines items={r.filters.protocols?.map(protocolLabel)} empty={any} />,
  },
  { id: 'ports', header: 'Ports', cell: (r) => <Lines items={r.filters.ports} empty={any} /> },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => <Badge color={r.status === 'enabled' ? 'green' : 'neutral'}>{r.status}</Badge>,
  },
])

type RulesView = QueryResult<ApiResponse<'vpcFirewallRulesView'>>

/** The empty state, or what stands in for it while there is nothing to show (offline, error). */
function emptyOf(view: RulesView, vpc: string) {
  if (view.data !== undefined || view.isLoading)
    return { icon: <NetworkingIcon />, title: 'No firewall rules', body: `VPC ${vpc} has no firewall rules.` }
  if (view.error)
    return { icon: <NetworkingIcon />, title: 'Could not load the firewall rules', body: view.error.message }
  return {
    icon: <CloudOffIcon />,
    title: T.offline,
    body: `The firewall rules of ${vpc} are not cached on this device yet.`,
  }
}

/** Sends the VPC's next list; a refusal rejects with the catalogue's message. */
async function writeRules(
  project: string,
  vpc: string,
  change: (rules: readonly FirewallRule[]) => RuleUpdate[],
  done: string,
) {
  unwrap(await saveRules(project, vpc, change))
  toast.success(done)
}

function ruleMenu(
  project: string,
  vpc: string,
  r: FirewallRule,
  why: string | undefined,
  go: (to: string) => void,
) {
  const ref = { project, vpc, rule: r.name }
  const next = r.status === 'enabled' ? 'disabled' : 'enabled'
  const verb = r.status === 'enabled' ? 'Disable' : 'Enable'
  return [
    { label: 'Edit', disabledReason: why, onSelect: () => go(paths.vpcFirewallRuleEdit(ref)) },
    { label: 'Clone', disabledReason: why, onSelect: () => go(paths.vpcFirewallRulesNew(ref)) },
    {
      label: verb,
      disabledReason: why,
      onSelect: () =>
        void writeRules(
          project,
          vpc,
          (rules) => withStatus(rules, r.name, next),
          `Firewall rule ${r.name} ${next}`,
        ).catch((e: unknown) => toast.error(`Could not ${verb.toLowerCase()} ${r.name}`, errorMessage(e))),
    },
    {
      label: 'Delete',
      danger: true,
      disabledReason: why,
      onSelect: () =>
        confirmDelete({
          resourceKind: 'firewall rule',
          name: r.name,
          run: () =>
            writeRules(
              project,
              vpc,
              (rules) => withoutRule(rules, r.name),
              `Firewall rule ${r.name} deleted`,
            ),
        }),
    },
  ]
}

export default function FirewallRulesTab() {
  const { project, vpc } = useRouteParams('project', 'vpc')
  const view = useResource('vpcFirewallRulesView', rulesParams(project, vpc))
  // Spec: networking writes need the project collaborator role (a limited collaborator may not).
  const why = useKindReason(kinds.vpc, FIREWALL_WRITE)()
  const [, navigate] = useLocation()
  return (
    <>
      {view.data === undefined && view.error ? (
        <QueryError error={view.error} />
      ) : (
        <TabTable
          title="Firewall rules"
          actions={
            <OpenFormButton label="New rule" reason={why} to={paths.vpcFirewallRulesNew({ project, vpc })} />
          }
          columns={columns}
          rows={sortRules(view.data?.rules ?? [])}
          rowKey={(r) => r.id}
          rowActions={(r) => <RowMenu of={r.name} items={() => ruleMenu(project, vpc, r, why, navigate)} />}
          loading={view.isLoading}
          skeletonRows={3}
          empty={emptyOf(view, vpc)}
        />
      )}
      <Outlet />
    </>
  )
}

/** The form over the tab, once the rules it needs are known; a rule the VPC lacks says so. */
function RuleFormRoute({ edit }: { edit: boolean }) {
  const { project, vpc } = useRouteParams('project', 'vpc')
  // Absent on the plain create route, which useRouteParams would reject.
  const { rule } = useContext(RouteParamsContext)
  const view = useResource('vpcFirewallRulesView', rulesParams(project, vpc))
  const [, navigate] = useLocation()
  const onDismiss = () => navigate(paths.vpcFirewallRules({ project, vpc }))
  const rules = view.data?.rules
  const source = rule === undefined ? undefined : rules?.find((r) => r.name === rule)
  // One generated name per clone form: a re-render must not rename what the user sees.
  const [clone] = useState(() => (rule ? cloneName(rule) : ''))
  let body: ReactNode
  if (rule === undefined)
    return (
      <Suspense fallback={null}>
        <FirewallRuleForm
          project={project}
          vpc={vpc}
          rules={rules ?? []}
          mode={{ kind: 'create' }}
          onDismiss={onDismiss}
        />
      </Suspense>
    )
  if (source && rules) {
    const mode = edit
      ? { kind: 'edit' as const, rule: source }
      : { kind: 'clone' as const, from: source, name: clone }
    return (
      <Suspense fallback={null}>
        <FirewallRuleForm
          key={`${mode.kind}:${rule}`}
          project={project}
          vpc={vpc}
          rules={rules}
          mode={mode}
          onDismiss={onDismiss}
        />
      </Suspense>
    )
  }
  if (rules) body = <p>{`VPC ${vpc} has no firewall rule named ${rule}.`}</p>
  else if (view.error) body = <QueryError error={view.error} />
  else if (view.isOffline && !view.isLoading)
    body = <p>{`The firewall rules of ${vpc} are not cached on this device yet.`}</p>
  else body = <Skeleton />
  return (
    <SideModal
      open
      onDismiss={onDismiss}
      title={edit ? 'Edit firewall rule' : 'New firewall rule'}
      subtitle={rule}
      cancelLabel="Close"
    >
      {body}
    </SideModal>
  )
}

/** `firewall-rules-new` and `firewall-rules-new/{rule}` (a clone of that rule, under a new name). */
export function FirewallRuleCreateRoute() {
  return <RuleFormRoute edit={false} />
}

/** `firewall-rules/{rule}/edit`. */
export function FirewallRuleEditRoute() {
  return <RuleFormRoute edit />
}
