// A sled's Disks tab (issue 15): the physical disks in this sled. Read-only.
import { PhysicalDiskList } from './columns'

export default function SledDisksTab() {
  return <PhysicalDiskList of="sled" />
}
