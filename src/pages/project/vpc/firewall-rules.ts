// A VPC's firewall rules are read and written as one list: PUT /v1/vpc-firewall-rules replaces them
// all. Every change (add, edit, clone, enable/disable, delete) is built here as the whole next list,
// with every other rule's fields (spec section 3: name, action, description, direction, filters,
// priority, status, targets) carried over exactly as the server gave them. The list functions are
// pure (tested in firewall-rules.test.ts); `saveRules` is the one write, through storage's mutate.
import { isOnline, mutate, OfflineError, prefetchResource, readCachedResource } from '../../../../storage'
import type { ApiResponse, Schema } from '../../../api/types'
import { generateName } from '../../../util/names'

/** What the firewall tab's writes and the rule form's submit are, in their role reason. */
export const FIREWALL_WRITE = 'changing firewall rules'

export type FirewallRule = ApiResponse<'vpcFirewallRulesView'>['rules'][number]
export type RuleUpdate = Schema<'VpcFirewallRuleUpdate'>
export type RuleTarget = Schema<'VpcFirewallRuleTarget'>
export type HostFilter = Schema<'VpcFirewallRuleHostFilter'>
export type RuleProtocol = Schema<'VpcFirewallRuleProtocol'>
type RuleLike = RuleUpdate | FirewallRule

/** The params of the rules' view and of their update: one VPC of one project. */
export const rulesParams = (project: string, vpc: string) => ({ query: { project, vpc } })

/** What the update takes of a rule: its eight fields, untouched (ids and timestamps are the server's). */
export function toUpdate(rule: RuleLike): RuleUpdate {
  const { name, action, description, direction, filters, priority, status, targets } = rule
  return { name, action, description, direction, filters, priority, status, targets }
}

export function toUpdateBody(rules: readonly RuleLike[]): { rules: RuleUpdate[] } {
  return { rules: rules.map(toUpdate) }
}

/** A change that cannot apply to the list as it is now: the name is taken, or the rule is gone. */
export class RuleListConflict extends Error {
  constructor(
    readonly kind: 'taken' | 'gone',
    message: string,
  ) {
    super(message)
    this.name = 'RuleListConflict'
  }
}

export const RULE_NAME_TAKEN = 'Firewall rule name already exists'

/** Whether another rule of the list (not the one being edited, `replacing`) has this name. */
export const nameTaken = (rules: readonly RuleLike[], name: string, replacing?: string) =>
  rules.some((r) => r.name === name && r.name !== replacing)

const gone = (name: string) =>
  new RuleListConflict('gone', `Firewall rule ${name} no longer exists: it was changed elsewhere`)

function requirePresent(rules: readonly RuleLike[], name: string) {
  if (!rules.some((r) => r.name === name)) throw gone(name)
}

/** The list with `rule` added at the end, or put in the place of the rule named `replacing`. */
export function withRule(rules: readonly RuleLike[], rule: RuleUpdate, replacing?: string): RuleUpdate[] {
  if (nameTaken(rules, rule.name, replacing)) throw new RuleListConflict('taken', RULE_NAME_TAKEN)
  if (replacing === undefined) return [...rules.map(toUpdate), toUpdate(rule)]
  requirePresent(rules, replacing)
  return rules.map((r) => toUpdate(r.name === replacing ? rule : r))
}

export function withoutRule(rules: readonly RuleLike[], name: string): RuleUpdate[] {
  requirePresent(rules, name)
  return rules.filter((r) => r.name !== name).map(toUpdate)
}

export function withStatus(
  rules: readonly RuleLike[],
  name: string,
  status: RuleUpdate['status'],
): RuleUpdate[] {
  requirePresent(rules, name)
  return rules.map((r) => (r.name === name ? { ...toUpdate(r), status } : toUpdate(r)))
}

/** The table's order: lower priority numbers are evaluated first; ties by name. */
export function sortRules<R extends RuleLike>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name))
}

/** A clone's name (spec 5's generated-name rule): the rule's name and a random suffix, at most 63. */
export const cloneName = (name: string, suffix?: string) => generateName([name], suffix)

const KIND_LABELS: Record<RuleTarget['type'], string> = {
  vpc: 'VPC',
  subnet: 'Subnet',
  instance: 'Instance',
  ip: 'IP',
  ip_net: 'IP network',
}
export const TARGET_KINDS = Object.keys(KIND_LABELS) as RuleTarget['type'][]
export const kindLabel = (type: RuleTarget['type']) => KIND_LABELS[type]

/** "Instance db1", "IP network 10.0.0.0/8": one target or host filter as the table shows it. */
export const hostLabel = (h: RuleTarget | HostFilter) => `${KIND_LABELS[h.type]} ${h.value}`

const PROTOCOL_LABELS: Record<RuleProtocol['type'], string> = {
  tcp: 'TCP',
  udp: 'UDP',
  icmp: 'ICMP',
  icmp6: 'ICMPv6',
}
export const PROTOCOLS = Object.keys(PROTOCOL_LABELS) as RuleProtocol['type'][]

/** "TCP", "ICMP", "ICMP type 3 code 0-4". */
export function protocolLabel(p: RuleProtocol): string {
  const name = PROTOCOL_LABELS[p.type]
  if ((p.type !== 'icmp' && p.type !== 'icmp6') || !p.value) return name
  const code = p.value.code ? ` code ${p.value.code}` : ''
  return `${name} type ${p.value.icmpType}${code}`
}

/** Same protocol entry (so the form does not add it twice). */
export const protocolKey = (p: RuleProtocol) => protocolLabel(p)

/**
 * Writes the VPC's next list of rules. `change` gets the list as the server has it now (a copy older
 * than the cache's freshness window is fetched again first), so a rule changed elsewhere since this
 * screen painted is carried over as it is, not as it was. The rules' view is refetched after.
 */
export async function saveRules(
  project: string,
  vpc: string,
  change: (current: readonly FirewallRule[]) => RuleUpdate[],
) {
  if (!isOnline()) throw new OfflineError()
  const params = rulesParams(project, vpc)
  await prefetchResource('vpcFirewallRulesView', params)
  const current = (await readCachedResource('vpcFirewallRulesView', params))?.data.rules
  if (!current) throw new Error(`The firewall rules of ${vpc} could not be read`)
  return mutate(
    'vpcFirewallRulesUpdate',
    { ...params, body: { rules: change(current) } },
    { invalidates: [{ endpoint: 'vpcFirewallRulesView', params }] },
  )
}
