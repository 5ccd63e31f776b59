// Storage tab: the boot disk, then the other disks attached to the instance, with their states. A disk
// on its way to another state (attaching, detaching...) keeps the list polling until it settles.
import { css } from 'styled-system/css'
import { diskStateLabel, isDiskTransitional } from '../../../../machines/disk.machine'
import { useList, useListPoll, useResource } from '../../../../storage'
import type { Disk } from '../../../api/types'
import { Badge, DisksIcon, defineColumns } from '../../../components'
import { useRouteParams } from '../../../route-context'
import { diskBadgeColor } from '../../../ui/badges'
import { formatBytes } from '../../../util/bytes'
import { formatDateTime } from '../../../util/date'
import { instanceDisksParams, instanceViewParams } from './queries'
import { listStandIn, TabTable } from './shared'

const moving = (d: Disk) => isDiskTransitional(d.state.state)

const columns = defineColumns<Disk>([
  {
    id: 'name',
    header: 'Name',
    cell: (d) => <span className={css({ fontWeight: 'medium' })}>{d.name}</span>,
    sortValue: (d) => d.name,
  },
  { id: 'size', header: 'Size', cell: (d) => formatBytes(d.size), sortValue: (d) => d.size, align: 'right' },
  {
    id: 'state',
    header: 'State',
    cell: (d) => (
      <Badge color={diskBadgeColor[d.state.state]} spinner={isDiskTransitional(d.state.state)}>
        {diskStateLabel(d.state.state)}
      </Badge>
    ),
    sortValue: (d) => d.state.state,
  },
  {
    id: 'created',
    header: 'Created',
    cell: (d) => formatDateTime(d.timeCreated),
    sortValue: (d) => d.timeCreated,
  },
])

export default function StorageTab() {
  const ref = useRouteParams('project', 'instance')
  const instance = useResource('instanceView', instanceViewParams(ref))
  const disks = useList('instanceDiskList', instanceDisksParams(ref))
  useListPoll(disks, moving)
  const standIn = listStandIn(disks, 'disks')
  if (standIn) return standIn
  const items = disks.data?.items ?? []
  const bootId = instance.data?.bootDiskId
  const loading = disks.isLoading || !instance.data
  const table = { columns, rowKey: (d: Disk) => d.id, loading }
  return (
    <>
      <TabTable
        {...table}
        title="Boot disk"
        rows={items.filter((d) => d.id === bootId)}
        empty={{ icon: <DisksIcon />, title: 'No boot disk', body: 'No boot disk is set for this instance.' }}
      />
      <TabTable
        {...table}
        title="Other disks"
        rows={items.filter((d) => d.id !== bootId)}
        skeletonRows={2}
        empty={{
          icon: <DisksIcon />,
          title: 'No other disks',
          body: 'Only the boot disk is attached to this instance.',
        }}
      />
    </>
  )
}
