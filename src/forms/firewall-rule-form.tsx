// New, cloned and edited firewall rules (issue 14), over the VPC's firewall rules tab: name,
// description, priority, action, direction, status, and the lists the API takes — targets and host
// filters of every kind (VPC, subnet, instance, IP, IP network), protocols (TCP, UDP, ICMP and
// ICMPv6, the ICMP ones with an optional type and code) and ports. Each list is built one entry at a
// time ("Add …"), the entry checked with the spec 5 validators before it joins the list; an entry
// typed but not added stops the submit on its field rather than being dropped unseen. The rule is
// sent as part of the whole list (src/pages/project/vpc/firewall-rules.ts); a name another rule of
// the VPC has is refused on the name field before anything is sent.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { useList } from '../../storage'
import { Button, SideModalForm, TextField } from '../components'
import { FieldRow, Select, WholeNumberField } from '../components/FormField'
import { useKindReason } from '../hooks/use-action-reason'
import { type FieldProps, type Form, FormError } from '../hooks/use-form'
import { PICK } from '../lists'
import {
  FIREWALL_WRITE,
  type FirewallRule,
  type HostFilter,
  hostLabel,
  kindLabel,
  nameTaken,
  PROTOCOLS,
  protocolKey,
  protocolLabel,
  RULE_NAME_TAKEN,
  RuleListConflict,
  type RuleProtocol,
  type RuleTarget,
  type RuleUpdate,
  saveRules,
  TARGET_KINDS,
  withRule,
} from '../pages/project/vpc/firewall-rules'
import { kinds } from '../ui/kinds'
import { EntryList } from './entry-list'
import { FormRadio, NameAndDescription, optionsOf } from './fields'
import { useSideForm } from './side-form'
import { check, type FieldRule, IP, IP_NET, NAME, PORT_RANGE } from './validation'

type HostKind = RuleTarget['type']
type ProtocolKind = RuleProtocol['type']

export type RuleFormValues = {
  name: string
  description: string
  priority: string
  action: RuleUpdate['action']
  direction: RuleUpdate['direction']
  status: RuleUpdate['status']
  targets: RuleTarget[]
  hosts: HostFilter[]
  protocols: RuleProtocol[]
  ports: string[]
  // The entries being typed, before "Add": one of each list.
  targetType: HostKind
  targetValue: string
  hostType: HostKind
  hostValue: string
  protocol: ProtocolKind
  icmpType: string
  icmpCode: string
  port: string
}
type Problems = Partial<Record<keyof RuleFormValues, string>>

/** uint16, as the contract's priority (0 is evaluated first). */
export const PRIORITY: FieldRule = {
  schema: v.pipe(v.string(), v.trim(), v.regex(/^\d{1,5}$/), v.transform(Number), v.maxValue(65535)),
  explain: () => 'Priority must be a whole number from 0 to 65535',
}

const byte = (s: string) => /^\d{1,3}$/.test(s) && Number(s) <= 255

/** An ICMP code or range of codes (the contract's IcmpParamRange), each from 0 to 255, in order. */
export function icmpCodeProblem(code: string): string | undefined {
  const [start = '', end = start, ...rest] = code.trim().split('-')
  if (rest.length === 0 && byte(start) && byte(end) && Number(start) <= Number(end)) return undefined
  return 'ICMP code must be a number or a range from 0 to 255, like 0 or 0-3'
}

const entryRule: Partial<Record<HostKind, FieldRule>> = { ip: IP, ip_net: IP_NET }

/** The entry fields' problems (each shown once touched); empty entries have none. */
export function entryProblems(values: RuleFormValues): Problems {
  const out: Problems = {}
  const hostRule = (kind: HostKind, value: string) => {
    const rule = entryRule[kind]
    return value.trim() && rule ? check(rule, value.trim()) : undefined
  }
  out.targetValue = hostRule(values.targetType, values.targetValue)
  out.hostValue = hostRule(values.hostType, values.hostValue)
  if (values.port.trim()) out.port = check(PORT_RANGE, values.port)
  const icmp = values.protocol === 'icmp' || values.protocol === 'icmp6'
  if (icmp && values.icmpType.trim() && !byte(values.icmpType.trim()))
    out.icmpType = 'ICMP type must be a whole number from 0 to 255'
  if (icmp && values.icmpCode.trim())
    out.icmpCode = values.icmpType.trim()
      ? icmpCodeProblem(values.icmpCode)
      : 'An ICMP code needs an ICMP type'
  for (const k of Object.keys(out) as (keyof Problems)[]) if (out[k] === undefined) delete out[k]
  return out
}

/** An entry typed (or chosen) but not added: the submit stops on it rather than dropping it. */
export function pendingEntry(
  values: RuleFormValues,
): { field: keyof RuleFormValues; message: string } | undefined {
  if (values.targetValue.trim()) return { field: 'targetValue', message: 'Add this target or clear it' }
  if (values.hostValue.trim()) return { field: 'hostValue', message: 'Add this host filter or clear it' }
  if (values.port.trim()) return { field: 'port', message: 'Add this port or clear it' }
  if (values.icmpType.trim() || values.icmpCode.trim())
    return { field: 'icmpType', message: 'Add this protocol or clear its type and code' }
  return undefined
}

/** The form's values for a new rule, or from `rule` (edit, or a clone under the name `name`). */
export function ruleFormValues(rule?: FirewallRule | RuleUpdate, name = rule?.name ?? ''): RuleFormValues {
  return {
    name,
    description: rule?.description ?? '',
    priority: String(rule?.priority ?? 65534),
    action: rule?.action ?? 'allow',
    direction: rule?.direction ?? 'inbound',
    status: rule?.status ?? 'enabled',
    targets: [...(rule?.targets ?? [])],
    hosts: [...(rule?.filters.hosts ?? [])],
    protocols: [...(rule?.filters.protocols ?? [])],
    ports: [...(rule?.filters.ports ?? [])],
    targetType: 'vpc',
    targetValue: '',
    hostType: 'ip_net',
    hostValue: '',
    protocol: 'tcp',
    icmpType: '',
    icmpCode: '',
    port: '',
  }
}

/** The rule the values describe; an empty filter list is "no filter" (null), as the API words it. */
export function ruleFromValues(values: RuleFormValues): RuleUpdate {
  const orNull = <T,>(list: T[]) => (list.length ? list : null)
  return {
    name: values.name,
    description: values.description,
    priority: Number(values.priority.trim()),
    action: values.action,
    direction: values.direction,
    status: values.status,
    targets: values.targets,
    filters: {
      hosts: orNull(values.hosts),
      protocols: orNull(values.protocols),
      ports: orNull(values.ports),
    },
  }
}

/** The protocol entry as typed: ICMP without a type is any ICMP message (value null). */
export function protocolOf(values: RuleFormValues): RuleProtocol {
  if (values.protocol !== 'icmp' && values.protocol !== 'icmp6') return { type: values.protocol }
  const icmpType = values.icmpType.trim()
  if (!icmpType) return { type: values.protocol, value: null }
  const code = values.icmpCode.trim()
  return { type: values.protocol, value: { icmpType: Number(icmpType), ...(code ? { code } : {}) } }
}

const addUnique = <T,>(list: readonly T[], item: T, key: (t: T) => string) =>
  list.some((x) => key(x) === key(item)) ? [...list] : [...list, item]

const hostKey = (h: RuleTarget | HostFilter) => `${h.type}:${h.value}`
const KIND_OPTIONS = TARGET_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))
const PROTOCOL_OPTIONS = PROTOCOLS.map((p) => ({ value: p, label: protocolLabel({ type: p, value: null }) }))

const addButton = css({ mb: '4' })

/** A titled part of the form: its added entries (each removable), then the entry being typed. */
function EntryGroup<K extends 'targets' | 'hosts' | 'protocols' | 'ports'>({
  form,
  list,
  label,
  ...shown
}: {
  title: string
  help: string
  form: Form<RuleFormValues>
  /** The form value holding the added entries. */
  list: K
  label: (item: RuleFormValues[K][number]) => string
  children: ReactNode
}) {
  const items: readonly RuleFormValues[K][number][] = form.values[list]
  return (
    <EntryList
      {...shown}
      entries={items.map(label)}
      onRemove={(i) => form.set(list, items.filter((_, j) => j !== i) as RuleFormValues[K])}
    />
  )
}

type NameList = { endpoint: 'vpcList' | 'vpcSubnetList' | 'instanceList'; what: string }
const NAME_LISTS: Partial<Record<HostKind, NameList>> = {
  vpc: { endpoint: 'vpcList', what: 'VPC' },
  subnet: { endpoint: 'vpcSubnetList', what: 'subnet' },
  instance: { endpoint: 'instanceList', what: 'instance' },
}

/** The project's VPCs, this VPC's subnets or the project's instances, to choose one by name. */
function NameChoice({
  list,
  label,
  project,
  vpc,
  field,
}: {
  list: NameList
  label: string
  project: string
  vpc: string
  field: FieldProps
}) {
  const query = list.endpoint === 'vpcSubnetList' ? { project, vpc, ...PICK } : { project, ...PICK }
  const items = useList(list.endpoint, { query } as never).data?.items as { name: string }[] | undefined
  return (
    <Select
      label={label}
      placeholder={items === undefined ? `Loading ${list.what}s…` : `Choose a ${list.what}`}
      options={(items ?? []).map((i) => ({ value: i.name, label: i.name }))}
      {...field}
    />
  )
}

type HostListKey = 'targets' | 'hosts'

/** Targets or host filters: the added ones, a kind and a value (chosen by name, or typed). */
function HostList({
  form,
  list,
  project,
  vpc,
}: {
  form: Form<RuleFormValues>
  list: HostListKey
  project: string
  vpc: string
}) {
  const [typeKey, valueKey] =
    list === 'targets' ? (['targetType', 'targetValue'] as const) : (['hostType', 'hostValue'] as const)
  const noun = list === 'targets' ? 'target' : 'host filter'
  const items = form.values[list]
  const kind = form.values[typeKey]
  const value = form.values[valueKey].trim()
  const names = NAME_LISTS[kind]
  const valueLabel = list === 'targets' ? 'Target value' : 'Host filter value'
  const add = () => {
    if (entryProblems(form.values)[valueKey]) return form.field(valueKey).onBlur()
    form.set(list, addUnique(items as RuleTarget[], { type: kind, value } as RuleTarget, hostKey))
    form.set(valueKey, '')
  }
  return (
    <EntryGroup
      title={list === 'targets' ? 'Targets' : 'Host filters'}
      help={
        list === 'targets'
          ? 'The instances the rule applies to: any that matches one of these.'
          : 'The other end of the traffic (its source when inbound, its destination when outbound). None: any host.'
      }
      form={form}
      list={list}
      label={hostLabel}
    >
      <FieldRow>
        <Select
          label={list === 'targets' ? 'Target type' : 'Host filter type'}
          options={KIND_OPTIONS}
          {...form.field(typeKey)}
          onChange={(e) => {
            form.set(typeKey, e.target.value as HostKind)
            form.set(valueKey, '')
          }}
        />
        {names ? (
          <NameChoice
            key={kind}
            list={names}
            label={valueLabel}
            project={project}
            vpc={vpc}
            field={form.field(valueKey)}
          />
        ) : (
          <TextField
            label={valueLabel}
            placeholder={kind === 'ip' ? '10.0.0.5' : '10.0.0.0/24'}
            {...form.field(valueKey)}
          />
        )}
      </FieldRow>
      <Button
        size="sm"
        className={addButton}
        disabledReason={value ? undefined : `Choose or type a ${noun} first`}
        onClick={add}
      >
        Add {noun}
      </Button>
    </EntryGroup>
  )
}

function Protocols({ form }: { form: Form<RuleFormValues> }) {
  const { protocols, protocol } = form.values
  const icmp = protocol === 'icmp' || protocol === 'icmp6'
  const add = () => {
    const problems = entryProblems(form.values)
    if (problems.icmpType || problems.icmpCode) {
      form.field('icmpType').onBlur()
      form.field('icmpCode').onBlur()
      return
    }
    form.set('protocols', addUnique(protocols, protocolOf(form.values), protocolKey))
    form.set('icmpType', '')
    form.set('icmpCode', '')
  }
  return (
    <EntryGroup
      title="Protocols"
      help="None: any protocol. ICMP without a type matches every ICMP message."
      form={form}
      list="protocols"
      label={protocolLabel}
    >
      <Select label="Protocol" options={PROTOCOL_OPTIONS} {...form.field('protocol')} />
      {icmp && (
        <FieldRow>
          <WholeNumberField
            label="ICMP type"
            min={0}
            max={255}
            description="Optional, 0-255"
            {...form.field('icmpType')}
          />
          <TextField label="ICMP code" description="Optional, like 0 or 0-3" {...form.field('icmpCode')} />
        </FieldRow>
      )}
      <Button size="sm" className={addButton} onClick={add}>
        Add protocol
      </Button>
    </EntryGroup>
  )
}

function Ports({ form }: { form: Form<RuleFormValues> }) {
  const { ports, port } = form.values
  const add = () => {
    if (entryProblems(form.values).port) return form.field('port').onBlur()
    form.set('ports', addUnique(ports, port.trim(), String))
    form.set('port', '')
  }
  return (
    <EntryGroup
      title="Ports"
      help="Destination ports. None: any port."
      form={form}
      list="ports"
      label={String}
    >
      <TextField
        label="Port or port range"
        placeholder="22 or 8000-8080"
        {...form.field('port')}
        onKeyDown={(e) => {
          // Enter adds the port rather than sending the whole form.
          if (e.key !== 'Enter') return
          e.preventDefault()
          add()
        }}
      />
      <Button
        size="sm"
        className={addButton}
        disabledReason={port.trim() ? undefined : 'Type a port first'}
        onClick={add}
      >
        Add port
      </Button>
    </EntryGroup>
  )
}

export type RuleFormMode =
  | { kind: 'create' }
  | { kind: 'clone'; from: FirewallRule; name: string }
  | { kind: 'edit'; rule: FirewallRule }

const ACTIONS = optionsOf('allow', 'deny')
const DIRECTIONS = optionsOf('inbound', 'outbound')
const STATUSES = optionsOf('enabled', 'disabled')

export function FirewallRuleForm({
  project,
  vpc,
  rules,
  mode,
  onDismiss,
}: {
  project: string
  vpc: string
  /** The VPC's rules as shown: a name one of them has (other than the edited rule) is refused at once. */
  rules: readonly FirewallRule[]
  mode: RuleFormMode
  onDismiss: () => void
}) {
  const editing = mode.kind === 'edit' ? mode.rule.name : undefined
  const reason = useKindReason(kinds.vpc, FIREWALL_WRITE)
  const { form, modal } = useSideForm<RuleFormValues, unknown>({
    id: editing ? 'firewall-rule-edit' : 'firewall-rule-create',
    initial:
      mode.kind === 'edit'
        ? ruleFormValues(mode.rule)
        : mode.kind === 'clone'
          ? ruleFormValues(mode.from, mode.name)
          : ruleFormValues(),
    rules: { name: NAME, priority: PRIORITY },
    check: (values) => ({
      ...entryProblems(values),
      ...(nameTaken(rules, values.name, editing) ? { name: RULE_NAME_TAKEN } : {}),
    }),
    submit: async (values) => {
      const pending = pendingEntry(values)
      if (pending) throw new FormError(pending.message, pending.field)
      const rule = ruleFromValues(values)
      try {
        return await saveRules(project, vpc, (current) => withRule(current, rule, editing))
      } catch (e) {
        if (e instanceof RuleListConflict && e.kind === 'taken') throw new FormError(e.message, 'name')
        throw e
      }
    },
    done: (_data, values) => `Firewall rule ${values.name} ${editing ? 'updated' : 'created'}`,
    title: editing ? 'Edit firewall rule' : 'New firewall rule',
    subtitle:
      mode.kind === 'edit' ? mode.rule.name : mode.kind === 'clone' ? `Copy of ${mode.from.name}` : undefined,
    submitLabel: editing ? 'Update rule' : 'Add rule',
    disabledReason: reason(),
    onDismiss,
  })
  const radio = <K extends 'action' | 'direction' | 'status'>(
    key: K,
    legend: string,
    options: readonly { value: RuleFormValues[K]; label: string }[],
  ) => (
    <FormRadio
      form={form}
      field={key}
      legend={legend}
      options={options}
      name={`${form.formProps.id}-${key}`}
    />
  )
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <TextField
        label="Priority"
        required
        inputMode="numeric"
        description="0 to 65535; lower numbers are evaluated first."
        {...form.field('priority')}
      />
      {radio('action', 'Action', ACTIONS)}
      {radio('direction', 'Direction of traffic', DIRECTIONS)}
      {radio('status', 'Status', STATUSES)}
      <HostList form={form} list="targets" project={project} vpc={vpc} />
      <HostList form={form} list="hosts" project={project} vpc={vpc} />
      <Protocols form={form} />
      <Ports form={form} />
    </SideModalForm>
  )
}
