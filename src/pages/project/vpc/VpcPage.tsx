// A VPC's page (issue 14): what the VPC is (DNS name, description, ID, created) with Edit and Delete,
// and its tabs, each a child route shown through the outlet; the tabs' forms, and the VPC's own edit
// form, open over it. A rename moves to the new name's page; a delete lands on the list. A VPC that
// does not exist is Page not found; offline with nothing cached says so instead of claiming it is gone.
import { lazy, Suspense } from 'react'
import { useLocation } from 'wouter'
import { type QueryResult, useResource } from '../../../../storage'
import { Button, NetworkingIcon, PageHeader, RouteTabs } from '../../../components'
import { CacheStatus } from '../../../components/CacheStatus'
import { confirmDelete } from '../../../components/confirm-queue'
import { Detail, Details, IdValue, monoValue } from '../../../components/Details'
import { deleteVpc, type Vpc, vpcViewParams, vpcWriteNeed } from '../../../forms/vpc'
import { useActionReason } from '../../../hooks/use-action-reason'
import { paths } from '../../../paths'
import { Outlet, useRouteParams } from '../../../route-context'
import { ResourceFallback } from '../../../ui/ResourceFallback'
import { formatDateTime } from '../../../util/date'
import { NotFoundPage } from '../../NotFoundPage'

export { vpcViewParams }

// The edit form loads when it is first opened.
const VpcForm = lazy(() => import('../../../forms/vpc-form').then((m) => ({ default: m.VpcForm })))

/** The tabs of a VPC; each also claims its forms' paths that sit beside it. */
export function vpcTabs(project: string, vpc: string) {
  const ref = { project, vpc }
  return [
    {
      label: 'Firewall rules',
      href: paths.vpcFirewallRules(ref),
      also: [paths.vpcFirewallRulesNew(ref)],
    },
    { label: 'Subnets', href: paths.vpcSubnets(ref), also: [paths.vpcSubnetsNew(ref)] },
    { label: 'Routers', href: paths.vpcRouters(ref), also: [paths.vpcRoutersNew(ref)] },
    { label: 'Internet gateways', href: paths.vpcGateways(ref) },
  ]
}

export default function VpcPage() {
  const { project, vpc } = useRouteParams('project', 'vpc')
  const view = useResource('vpcView', vpcViewParams(project, vpc))
  const data = view.data
  if (!data && view.error?.kind === 'not_found') return <NotFoundPage />
  return (
    <>
      <PageHeader
        title={data?.name ?? vpc}
        icon={<NetworkingIcon />}
        actions={<VpcActions project={project} view={view} />}
      />
      {data ? (
        <>
          <Details>
            <Detail label="DNS name">
              <span className={monoValue}>{data.dnsName}</span>
            </Detail>
            <Detail label="IPv6 prefix">
              <span className={monoValue}>{data.ipv6Prefix}</span>
            </Detail>
            <Detail label="ID">
              <IdValue id={data.id} label="VPC ID" />
            </Detail>
            <Detail label="Created">{formatDateTime(data.timeCreated)}</Detail>
            {data.description && <Detail label="Description">{data.description}</Detail>}
          </Details>
          <RouteTabs label={`VPC ${data.name}`} tabs={vpcTabs(project, vpc)}>
            <Outlet />
          </RouteTabs>
        </>
      ) : (
        <ResourceFallback
          view={view}
          offlineBody={`VPC ${vpc} is not cached on this device yet. It shows here once the connection is back.`}
        />
      )}
    </>
  )
}

/** Edit and Delete once the VPC is known, then how fresh the copy shown is. */
function VpcActions({ project, view }: { project: string; view: QueryResult<Vpc> }) {
  return (
    <>
      {view.data && <VpcWrites project={project} vpc={view.data} />}
      <CacheStatus {...view} onRefresh={() => void view.refresh()} />
    </>
  )
}

function VpcWrites({ project, vpc }: { project: string; vpc: Vpc }) {
  const [, navigate] = useLocation()
  const editReason = useActionReason(vpcWriteNeed(project, 'editing a VPC'))
  const deleteReason = useActionReason(vpcWriteNeed(project, 'deleting a VPC'))
  const remove = async () => {
    await deleteVpc(vpc)
    navigate(paths.vpcs({ project }))
  }
  return (
    <>
      <Button
        size="sm"
        disabledReason={editReason()}
        onClick={() => navigate(paths.vpcEdit({ project, vpc: vpc.name }))}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="danger"
        disabledReason={deleteReason()}
        onClick={() => confirmDelete({ resourceKind: 'VPC', name: vpc.name, run: remove })}
      >
        Delete
      </Button>
    </>
  )
}

/** `vpcs/{vpc}/edit`, in the page's outlet: a rename goes to the new name's page. */
export function VpcEditRoute() {
  const { project, vpc } = useRouteParams('project', 'vpc')
  const [, navigate] = useLocation()
  const pageOf = (name: string) => paths.vpc({ project, vpc: name })
  return (
    <Suspense fallback={null}>
      <VpcForm
        // Another VPC is another form: its values start from that VPC.
        key={vpc}
        project={project}
        vpc={vpc}
        onDismiss={() => navigate(pageOf(vpc))}
        onSaved={(saved) => navigate(pageOf(saved.name))}
      />
    </Suspense>
  )
}
