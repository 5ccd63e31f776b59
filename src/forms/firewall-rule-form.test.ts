import { describe, expect, it } from 'vitest'
import type { FirewallRule } from '../pages/project/vpc/firewall-rules'
import { S } from '../strings'
import {
  entryProblems,
  icmpCodeProblem,
  PRIORITY,
  pendingEntry,
  protocolOf,
  type RuleFormValues,
  ruleFormValues,
  ruleFromValues,
} from './firewall-rule-form'
import { check } from './validation'

const rule: FirewallRule = {
  id: '00000000-0000-4000-8000-000000000001',
  vpcId: '00000000-0000-4000-8000-000000000002',
  timeCreated: new Date(0),
  timeModified: new Date(0),
  name: 'allow-web-to-db1',
  description: 'Postgres',
  action: 'deny',
  direction: 'outbound',
  priority: 100,
  status: 'disabled',
  targets: [{ type: 'instance', value: 'db1' }],
  filters: {
    hosts: [{ type: 'ip_net', value: '10.0.0.0/8' }],
    ports: ['5432', '8000-8080'],
    protocols: [{ type: 'tcp' }, { type: 'icmp', value: { icmpType: 3, code: '0-4' } }],
  },
}

const blank = (over: Partial<RuleFormValues> = {}) => ({ ...ruleFormValues(), name: 'r1', ...over })

describe('values of a rule and back', () => {
  it('an edit starts from every field of the rule and sends it back unchanged', () => {
    const values = ruleFormValues(rule)
    expect(values).toMatchObject({
      name: 'allow-web-to-db1',
      priority: '100',
      action: 'deny',
      status: 'disabled',
    })
    const { id, vpcId, timeCreated, timeModified, ...fields } = rule
    expect(ruleFromValues(values)).toEqual(fields)
  })
  it('a clone keeps every field but the name', () => {
    const values = ruleFormValues(rule, 'allow-web-to-db1-0a1b2c')
    expect(ruleFromValues(values)).toMatchObject({ name: 'allow-web-to-db1-0a1b2c', targets: rule.targets })
    expect(ruleFromValues(values).filters).toEqual(rule.filters)
  })
  it('a new rule defaults to an enabled inbound allow with no filters (null, the API word for any)', () => {
    expect(ruleFromValues(blank())).toEqual({
      name: 'r1',
      description: '',
      priority: 65534,
      action: 'allow',
      direction: 'inbound',
      status: 'enabled',
      targets: [],
      filters: { hosts: null, protocols: null, ports: null },
    })
  })
})

describe('entries before they are added', () => {
  it('checks IP and IP network values with the spec 5 messages; names need no check', () => {
    expect(entryProblems(blank({ targetType: 'ip', targetValue: '10.0.0.256' })).targetValue).toBe(
      S.invalidIp,
    )
    expect(entryProblems(blank({ hostType: 'ip_net', hostValue: '10.0.0.0' })).hostValue).toBe(
      S.networkNeedsWidth,
    )
    expect(entryProblems(blank({ hostType: 'ip_net', hostValue: '10.0.0.0/33' })).hostValue).toBe(
      S.maxWidthV4,
    )
    expect(entryProblems(blank({ hostType: 'ip_net', hostValue: 'fd00::/129' })).hostValue).toBe(S.maxWidthV6)
    expect(entryProblems(blank({ targetType: 'instance', targetValue: 'db1' }))).toEqual({})
    expect(entryProblems(blank({ hostType: 'ip_net', hostValue: '10.0.0.0/24' }))).toEqual({})
  })
  it('checks ports with the port range rule', () => {
    expect(entryProblems(blank({ port: '8080-80' })).port).toMatch(/below its start/)
    expect(entryProblems(blank({ port: '70000' })).port).toBe('Ports go from 0 to 65535')
    expect(entryProblems(blank({ port: ' 22 ' }))).toEqual({})
  })
  it('checks ICMP type and code; a code needs a type', () => {
    expect(entryProblems(blank({ protocol: 'icmp', icmpType: '256' })).icmpType).toMatch(/0 to 255/)
    expect(entryProblems(blank({ protocol: 'icmp', icmpCode: '0' })).icmpCode).toBe(
      'An ICMP code needs an ICMP type',
    )
    expect(entryProblems(blank({ protocol: 'icmp', icmpType: '3', icmpCode: '5-1' })).icmpCode).toMatch(
      /like 0 or 0-3/,
    )
    expect(entryProblems(blank({ protocol: 'icmp6', icmpType: '128', icmpCode: '0-3' }))).toEqual({})
    expect(icmpCodeProblem('0-255')).toBe(undefined)
    for (const bad of ['256', '1-2-3', '-1', 'a', '']) expect(icmpCodeProblem(bad)).toBeDefined()
  })
  it('builds the protocol entry as the API takes it', () => {
    expect(protocolOf(blank({ protocol: 'udp' }))).toEqual({ type: 'udp' })
    expect(protocolOf(blank({ protocol: 'icmp' }))).toEqual({ type: 'icmp', value: null })
    expect(protocolOf(blank({ protocol: 'icmp', icmpType: '8' }))).toEqual({
      type: 'icmp',
      value: { icmpType: 8 },
    })
    expect(protocolOf(blank({ protocol: 'icmp6', icmpType: '1', icmpCode: '0-3' }))).toEqual({
      type: 'icmp6',
      value: { icmpType: 1, code: '0-3' },
    })
  })
  it('an entry typed but not added holds the submit on its field', () => {
    expect(pendingEntry(blank())).toBe(undefined)
    expect(pendingEntry(blank({ targetValue: 'db1' }))?.field).toBe('targetValue')
    expect(pendingEntry(blank({ hostValue: '10.0.0.0/8' }))?.field).toBe('hostValue')
    expect(pendingEntry(blank({ port: '22' }))?.field).toBe('port')
    expect(pendingEntry(blank({ icmpType: '8' }))?.field).toBe('icmpType')
  })
})

describe('priority', () => {
  it('takes whole numbers from 0 to 65535', () => {
    for (const ok of ['0', '100', '65535', ' 7 ']) expect(check(PRIORITY, ok)).toBe(undefined)
    for (const bad of ['', '-1', '65536', '1.5', 'ten', '123456'])
      expect(check(PRIORITY, bad)).toBe('Priority must be a whole number from 0 to 65535')
  })
})
