// A VPC's page (issue 14): what the VPC is (DNS name, description, ID, created) with Edit and Delete,
// and its tabs, each a child route shown through the outlet; the tabs' forms, and the VPC's own edit
// form, open over it. A rename moves to the new name's page; a delete lands on the list. A VPC that
// does not exist is Page not found; offline with nothing cached says so instead of claiming it is gone.
import { Detail, Details, monoValue } from '../../../components/Details'
import { IdentityDetails, ResourcePage } from '../../../components/ResourcePage'
import { deleteVpc, vpcViewParams } from '../../../forms/vpc'
import { views } from '../../../lists'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'

export { vpcViewParams }

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
  return (
    <ResourcePage
      resource={views.vpc}
      edit={{ to: (data) => paths.vpcEdit({ project, vpc: data.name }) }}
      remove={{ run: deleteVpc, after: paths.vpcs({ project }) }}
      tabs={() => vpcTabs(project, vpc)}
    >
      {(data) => (
        <Details>
          <Detail label="DNS name">
            <span className={monoValue}>{data.dnsName}</span>
          </Detail>
          <Detail label="IPv6 prefix">
            <span className={monoValue}>{data.ipv6Prefix}</span>
          </Detail>
          <IdentityDetails of={data} idLabel="VPC ID" />
        </Details>
      )}
    </ResourcePage>
  )
}
