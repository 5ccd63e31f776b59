// The fleet's inventory (issue 15, spec section 2: its index redirects to the sleds tab): one tab per
// kind of hardware, each a route of its own shown through the outlet.
import { PageHeader, RouteTabs, ServerIcon } from '../../../components'
import { paths } from '../../../paths'
import { Outlet } from '../../../route-context'
import { S } from '../../../strings'

const tabs = [
  { label: S.crumbs.sleds, href: paths.inventorySleds() },
  { label: 'Disks', href: paths.inventoryDisks() },
  { label: 'Switches', href: paths.inventorySwitches() },
]

export default function InventoryPage() {
  return (
    <>
      <PageHeader title={S.crumbs.inventory} icon={<ServerIcon />} />
      <RouteTabs label={S.crumbs.inventory} tabs={tabs}>
        <Outlet />
      </RouteTabs>
    </>
  )
}
