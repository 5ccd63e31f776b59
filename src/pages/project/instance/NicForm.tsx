// Adding and editing an instance's network interface: name, description and (on add) the VPC, subnet
// and private IP; on both, its transit IPs — the extra networks (IPv4 or IPv6, `address/width`) the
// interface may send and receive on. The API takes them at creation (per stack, in `ip_config`) and on
// update (one mixed list, `transit_ips`). The list is built one network at a time ("Add transit IP"),
// each checked with the spec 5 network rule before it joins; a network already listed is refused, and
// one typed but not added stops the submit on its field rather than being dropped unseen.
import { useRef } from 'react'
import type { Instance } from '../../../api/types'
import { Button, SideModalForm, TextField } from '../../../components'
import { EntryList } from '../../../forms/entry-list'
import { NameAndDescription } from '../../../forms/fields'
import { useSideForm } from '../../../forms/side-form'
import { check, chosen, IP, IP_NET, NAME, parseIp } from '../../../forms/validation'
import { VpcSubnetFields } from '../../../forms/vpc-subnet-fields'
import { type Form, FormError } from '../../../hooks/use-form'
import { performInstanceAction } from '../../../hooks/use-instance-actor'
import { createNic, type Nic, type NicCreateValues, nicTransitIps, nicUpdateBody } from './networking-actions'

/** How both forms close, and why they cannot be sent now (offline, role, the machine). */
type Common = { disabledReason: string | undefined; onDismiss: () => void }

/** The interface's transit IPs, and the network being typed before "Add transit IP". */
type TransitValues = { transitIps: string[]; transitIp: string }

type StackType = Nic['ipStack']['type']

export const TRANSIT_IP_TAKEN = 'This network is already in the list'
const TRANSIT_IP_PENDING = 'Add this network or clear it'
const STACK_ONLY: Record<'v4' | 'v6', string> = {
  v4: 'This interface has IPv4 only: a transit network must be IPv4',
  v6: 'This interface has IPv6 only: a transit network must be IPv6',
}

const isV6 = (net: string) => net.includes(':')

/**
 * The network `net` names, whatever its spelling (`FD00:0::/64` is `fd00::/64`; `10.0.0.1/24` is
 * `10.0.0.0/24`), or undefined when it is not a network.
 */
function networkKey(net: string): string | undefined {
  const slash = net.indexOf('/')
  if (slash < 0) return undefined
  const ip = parseIp(net.slice(0, slash))
  if (!ip) return undefined
  const width = Number(net.slice(slash + 1))
  const bits = ip.version === 4 ? 32 : 128
  return `${ip.version}:${width}:${(ip.value >> BigInt(bits - width)).toString(16)}`
}

/**
 * Why the typed network cannot join `list` (spec 5's network messages, then: already listed, or of a
 * version the interface has no stack for), or undefined when it can (or nothing is typed).
 */
export function transitIpProblem(
  entry: string,
  list: readonly string[],
  stack?: StackType,
): string | undefined {
  const net = entry.trim()
  if (!net) return undefined
  const problem = check(IP_NET, net)
  if (problem) return problem
  const key = networkKey(net)
  if (list.some((n) => networkKey(n.trim()) === key)) return TRANSIT_IP_TAKEN
  if (stack === 'v4' && isV6(net)) return STACK_ONLY.v4
  if (stack === 'v6' && !isV6(net)) return STACK_ONLY.v6
  return undefined
}

/** The transit IPs added (each removable), then the network being typed and its Add button. */
function TransitIpsField<V extends TransitValues>({ form, stack }: { form: Form<V>; stack?: StackType }) {
  const { transitIps, transitIp } = form.values
  const input = useRef<HTMLInputElement>(null)
  const setList = (next: string[]) => form.set('transitIps', next as V['transitIps'])
  const field = form.field('transitIp')
  const add = () => {
    if (transitIpProblem(transitIp, transitIps, stack)) return field.onBlur()
    setList([...transitIps, transitIp.trim()])
    form.set('transitIp', '' as V['transitIp'])
  }
  return (
    <EntryList
      title="Transit IPs"
      help="Networks besides the subnet this interface may send and receive traffic on (IPv4 or IPv6)."
      entries={transitIps}
      mono
      onRemove={(i) => {
        setList(transitIps.filter((_, j) => j !== i))
        // The button goes with its network: focus stays in the field group.
        input.current?.focus()
      }}
    >
      <TextField
        ref={input}
        label="Transit IP network"
        placeholder="10.0.0.0/24 or fd00::/64"
        {...field}
        onKeyDown={(e) => {
          // Enter adds the network rather than sending the whole form.
          if (e.key !== 'Enter') return
          e.preventDefault()
          add()
        }}
      />
      <Button size="sm" disabledReason={transitIp.trim() ? undefined : 'Type a network first'} onClick={add}>
        Add transit IP
      </Button>
    </EntryList>
  )
}

/** A network typed but not added: the submit stops on its field rather than dropping it. */
function refusePending({ transitIp }: TransitValues) {
  if (transitIp.trim()) throw new FormError(TRANSIT_IP_PENDING, 'transitIp')
}

const INITIAL: NicCreateValues & TransitValues = {
  name: '',
  description: '',
  vpc: '',
  subnet: '',
  ip: '',
  transitIps: [],
  transitIp: '',
}

export function NicCreateForm({
  project,
  instance,
  ...common
}: Common & { project: string; instance: string }) {
  const { form, modal } = useSideForm({
    id: 'nic-create',
    initial: INITIAL,
    rules: { name: NAME, vpc: chosen('Choose a VPC'), subnet: chosen('Choose a subnet') },
    // The private IP is optional: checked only when one is typed.
    check: ({ ip, transitIp, transitIps }) => {
      const ipProblem = ip.trim() ? check(IP, ip.trim()) : undefined
      const transitProblem = transitIpProblem(transitIp, transitIps)
      return { ...(ipProblem && { ip: ipProblem }), ...(transitProblem && { transitIp: transitProblem }) }
    },
    submit: async (values) => {
      refusePending(values)
      return await createNic({ project, instance }, values)
    },
    done: (nic) => `Network interface ${nic?.name} added`,
    title: 'Add network interface',
    subtitle: `Instance ${instance}`,
    submitLabel: 'Add network interface',
    ...common,
  })
  const { vpc } = form.values
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <VpcSubnetFields
        project={project}
        vpc={vpc}
        vpcField={form.field('vpc')}
        subnetField={form.field('subnet')}
        onVpc={(v) => {
          form.set('vpc', v)
          form.set('subnet', '')
        }}
      />
      <TextField
        label="Private IP"
        description="Leave blank to have one assigned from the subnet."
        {...form.field('ip')}
      />
      <TransitIpsField form={form} />
    </SideModalForm>
  )
}

export function NicEditForm({ instance, nic, ...common }: Common & { instance: Instance; nic: Nic }) {
  const stack = nic.ipStack.type
  const { form, modal } = useSideForm({
    id: 'nic-edit',
    initial: { name: nic.name, description: nic.description, transitIps: nicTransitIps(nic), transitIp: '' },
    rules: { name: NAME },
    check: ({ transitIp, transitIps }) => {
      const problem = transitIpProblem(transitIp, transitIps, stack)
      return problem ? { transitIp: problem } : {}
    },
    submit: async (values) => {
      refusePending(values)
      const { name, description, transitIps } = values
      try {
        await performInstanceAction(instance, 'UPDATE_NIC', {
          interface: nic.id,
          body: nicUpdateBody(nic, { name, description, transitIps }),
        })
      } catch (e) {
        // The machine rejects with the catalogue's message: a taken name is about the name field, a
        // refused network about the transit IPs.
        const message = e instanceof Error ? e.message : String(e)
        const field = /already exists/i.test(message)
          ? 'name'
          : /transit/i.test(message)
            ? 'transitIp'
            : undefined
        throw new FormError(message, field)
      }
    },
    done: (_data, { name }) => `Network interface ${name} saved`,
    title: 'Edit network interface',
    subtitle: nic.name,
    submitLabel: 'Save',
    ...common,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <TransitIpsField form={form} stack={stack} />
    </SideModalForm>
  )
}
