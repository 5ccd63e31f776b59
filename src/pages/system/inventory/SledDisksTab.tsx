// A sled's Disks tab (issue 15): the physical disks in this sled. Read-only.
import { useRouteParams } from '../../../route-context'
import { PhysicalDiskList } from './columns'

export default function SledDisksTab() {
  const { sledId } = useRouteParams('sledId')
  return <PhysicalDiskList sledId={sledId} />
}
