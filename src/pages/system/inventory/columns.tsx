// Cells and columns shared by the inventory tabs and the sled page: a shortened ID with its copy button
// (a link to the sled page for sleds), the policy and state badges of sleds and physical disks, the
// list of the rack's parts a baseboard names (sleds, switches), and the physical disks' list (the
// inventory's Disks tab adds the sled each disk sits in).
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { ListItem } from '../../../api/types'
import { Badge, type BadgeColor, CopyButton, defineColumns } from '../../../components'
import { ResourceList, type ResourceListProps } from '../../../components/ResourceList'
import { lists } from '../../../lists'
import { paths } from '../../../paths'
import { inSentence } from '../../../ui/kinds'
import { formFactorLabel, type PhysicalDisk, policyBadge, shortId, stateBadge } from './sled'

const mono = css({ fontFamily: 'mono', fontSize: 'sm' })
const link = css({
  fontFamily: 'mono',
  fontSize: 'sm',
  fontWeight: 'medium',
  _hover: { textDecoration: 'underline' },
})
const idCell = css({ display: 'inline-flex', alignItems: 'center', gap: '1' })

/** A UUID shown by its first group, the whole of it copyable (and its title on hover). */
export function ShortId({ id, what, href }: { id: string; what: string; href?: string }) {
  return (
    <span className={idCell}>
      {href ? (
        <Link href={href} className={link} title={id}>
          {shortId(id)}
        </Link>
      ) : (
        <span className={mono} title={id}>
          {shortId(id)}
        </span>
      )}
      <CopyButton value={id} label={`${what} ${id}`} />
    </span>
  )
}

/** A sled's ID, linked to its page. */
export const SledId = ({ id }: { id: string }) => (
  <ShortId id={id} what="sled ID" href={paths.sled({ sledId: id })} />
)

const Tag = ({ label, color }: { label: string; color: BadgeColor }) => <Badge color={color}>{label}</Badge>

export const PolicyBadge = ({ policy }: { policy: Parameters<typeof policyBadge>[0] }) => (
  <Tag {...policyBadge(policy)} />
)
export const HardwareStateBadge = ({ state }: { state: Parameters<typeof stateBadge>[0] }) => (
  <Tag {...stateBadge(state)} />
)

const none = <span className={css({ color: 'fg.muted' })}>—</span>

/** The physical disks' columns; `withSled` adds the sled the disk is in (the fleet-wide list). */
const physicalDiskColumns = (withSled: boolean) =>
  defineColumns<PhysicalDisk>([
    { id: 'id', header: 'ID', cell: (d) => <ShortId id={d.id} what="physical disk ID" /> },
    { id: 'model', header: 'Model', cell: (d) => <span className={mono}>{d.model}</span> },
    { id: 'serial', header: 'Serial', cell: (d) => <span className={mono}>{d.serial}</span>, nowrap: true },
    { id: 'vendor', header: 'Vendor', cell: (d) => <span className={mono}>{d.vendor}</span> },
    { id: 'formFactor', header: 'Form factor', cell: (d) => formFactorLabel(d.formFactor) },
    { id: 'policy', header: 'Policy', cell: (d) => <PolicyBadge policy={d.policy} /> },
    { id: 'state', header: 'State', cell: (d) => <HardwareStateBadge state={d.state} /> },
    ...(withSled
      ? [
          {
            id: 'sled',
            header: 'Sled',
            cell: (d: PhysicalDisk) => (d.sledId ? <SledId id={d.sledId} /> : none),
          },
        ]
      : []),
  ])

const fleetDiskColumns = physicalDiskColumns(true)
const sledDiskColumns = physicalDiskColumns(false)

export { mono }

/** Serial, part and revision of a rack part's baseboard: the same three columns for sleds and switches. */
export function baseboardColumns<
  T extends { baseboard: { serial: string; part: string; revision: number } },
>() {
  return defineColumns<T>([
    {
      id: 'serial',
      header: 'Serial',
      cell: (r) => <span className={mono}>{r.baseboard.serial}</span>,
      nowrap: true,
    },
    {
      id: 'part',
      header: 'Part',
      cell: (r) => <span className={mono}>{r.baseboard.part}</span>,
      nowrap: true,
    },
    { id: 'revision', header: 'Revision', cell: (r) => r.baseboard.revision },
  ])
}

type RackPartListName = 'sledList' | 'switchList'

/** A list of the rack's parts a baseboard names (sleds, switches): a row's menu names the part by the
 * list's kind and its serial ("Actions for sled BRM42220004"). */
export function RackPartList<N extends RackPartListName>(props: Omit<ResourceListProps<N>, 'rowName'>) {
  const noun = inSentence(props.list.kind)
  // Both lists' rows carry a baseboard; TypeScript cannot see it through the open N.
  const serial = (part: ListItem<N>) => (part as ListItem<RackPartListName>).baseboard.serial
  return <ResourceList<N> {...props} rowName={(part) => `${noun} ${serial(part)}`} />
}

const diskRowName = (d: PhysicalDisk) => `physical disk ${d.serial}`

/** The physical disks of the fleet (with the sled each sits in) or of the route's sled (its tab's
 * :sledId, which the list reads from the route): one component, so both tabs show the same. */
export function PhysicalDiskList({ of }: { of: 'fleet' | 'sled' }) {
  return of === 'fleet' ? (
    <ResourceList
      list={lists.physicalDisks}
      rowName={diskRowName}
      columns={fleetDiskColumns}
      empty="No sled of the fleet reports a physical disk."
    />
  ) : (
    <ResourceList
      list={lists.sledPhysicalDisks}
      rowName={diskRowName}
      columns={sledDiskColumns}
      empty="This sled reports no physical disk."
    />
  )
}
