// The inventory's Disks tab (issue 15): every physical disk of the fleet with its model, serial,
// vendor, form factor, policy, state and the sled it sits in. Read-only.
import { PhysicalDiskList } from './columns'

export default function PhysicalDisksTab() {
  return <PhysicalDiskList of="fleet" />
}
