// VPCs of a project: name (a link to the VPC's page), DNS name, description, firewall rule count and
// created; edit (over the VPC's page) and delete from the row menu. The create form (`vpcs-new`) is a
// child route rendered over this list, keeping the list's page.
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { useResource } from '../../../../storage'
import { createdColumn, descriptionColumn, nameColumn } from '../../../components/columns'
import { AfterPaint, ResourceList } from '../../../components/ResourceList'
import { defineColumns } from '../../../components/Table'
import { deleteVpc, firewallRulesParams, type Vpc } from '../../../forms/vpc'
import { lists } from '../../../lists'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'

const mono = css({ fontFamily: 'mono', fontSize: 'sm' })

/**
 * How many firewall rules the VPC has. The API counts them only by listing them (one request per
 * VPC), so the cell reads after the rows have painted and only for rows on screen; the entry is the
 * firewall-rules tab's own, so visiting either warms the other.
 */
function RuleCount({ project, vpc }: { project: string; vpc: string }) {
  const rules = useResource('vpcFirewallRulesView', firewallRulesParams(project, vpc)).data?.rules
  return rules ? rules.length : null
}

const columnsFor = (project: string) =>
  defineColumns<Vpc>([
    nameColumn({ href: (vpc) => paths.vpc({ project, vpc: vpc.name }) }),
    { id: 'dns', header: 'DNS name', cell: (vpc) => <span className={mono}>{vpc.dnsName}</span> },
    descriptionColumn(),
    {
      id: 'rules',
      header: 'Firewall rules',
      align: 'right',
      cell: (vpc) => <AfterPaint>{() => <RuleCount project={project} vpc={vpc.name} />}</AfterPaint>,
    },
    createdColumn(),
  ])

export default function VpcsPage() {
  const { project } = useRouteParams('project')
  const columns = useMemo(() => columnsFor(project), [project])
  return (
    <ResourceList
      list={lists.vpcs}
      columns={columns}
      create={{ to: paths.vpcsNew({ project }) }}
      empty={`Project ${project} has no VPCs. A VPC holds the subnets, routers and firewall rules of its instances' network interfaces.`}
      // The edit form opens over the VPC's page.
      edit={{ to: (vpc) => paths.vpcEdit({ project, vpc: vpc.name }) }}
      remove={{ run: deleteVpc }}
    />
  )
}
