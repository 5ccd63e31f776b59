import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetStorageForTests, setCacheScope } from '../../../../storage/cache'
import { resetConnectivity } from '../../../../storage/connectivity'
import { type FakeApi, fakeApi, ok, userA } from '../../../../storage/test-helpers'
import {
  cloneName,
  type FirewallRule,
  hostLabel,
  nameTaken,
  protocolLabel,
  RULE_NAME_TAKEN,
  RuleListConflict,
  type RuleUpdate,
  saveRules,
  sortRules,
  toUpdate,
  toUpdateBody,
  withoutRule,
  withRule,
  withStatus,
} from './firewall-rules'

const FIELDS = ['action', 'description', 'direction', 'filters', 'name', 'priority', 'status', 'targets']

const rule = (name: string, over: Partial<FirewallRule> = {}): FirewallRule => ({
  id: `00000000-0000-4000-8000-${name.length.toString().padStart(12, '0')}`,
  vpcId: '00000000-0000-4000-8000-00000000aaaa',
  timeCreated: new Date(0),
  timeModified: new Date(0),
  name,
  description: `about ${name}`,
  action: 'allow',
  direction: 'inbound',
  priority: 65534,
  status: 'enabled',
  targets: [{ type: 'vpc', value: 'mock-vpc' }],
  filters: { hosts: null, ports: null, protocols: null },
  ...over,
})

const seeded = (): FirewallRule[] => [
  rule('allow-internal-inbound', { filters: { hosts: [{ type: 'vpc', value: 'mock-vpc' }], ports: null } }),
  rule('allow-ssh', { filters: { hosts: null, ports: ['22'], protocols: [{ type: 'tcp' }] } }),
  rule('allow-icmp', { filters: { protocols: [{ type: 'icmp', value: null }] } }),
  rule('allow-web-to-db1', {
    status: 'disabled',
    priority: 100,
    targets: [{ type: 'instance', value: 'db1' }],
    filters: {
      hosts: [{ type: 'subnet', value: 'mock-subnet-2' }],
      ports: ['5432'],
      protocols: [{ type: 'icmp6', value: { icmpType: 128, code: '0-3' } }],
    },
  }),
]

const fresh: RuleUpdate = {
  name: 'allow-web',
  description: 'web',
  action: 'deny',
  direction: 'outbound',
  priority: 7,
  status: 'enabled',
  targets: [{ type: 'ip_net', value: '10.0.0.0/8' }],
  filters: { hosts: [{ type: 'ip', value: '10.1.2.3' }], ports: ['80-443'], protocols: [{ type: 'udp' }] },
}

/** Every rule of `before` except `changed`, as the update must carry it: its eight fields, deep equal. */
function expectOthersUnchanged(before: FirewallRule[], after: RuleUpdate[], changed: string[]) {
  for (const r of before.filter((x) => !changed.includes(x.name))) {
    const sent = after.find((x) => x.name === r.name)
    expect(sent, r.name).toEqual(toUpdate(r))
    expect(Object.keys(sent ?? {}).sort()).toEqual(FIELDS)
  }
}

describe('toUpdate / toUpdateBody', () => {
  it('keeps exactly the eight fields of the update, values untouched', () => {
    const body = toUpdateBody(seeded())
    expect(body.rules).toHaveLength(4)
    for (const [i, r] of seeded().entries()) {
      const sent = body.rules[i] as RuleUpdate
      expect(Object.keys(sent).sort()).toEqual(FIELDS)
      for (const f of FIELDS) expect(sent[f as keyof RuleUpdate]).toEqual(r[f as keyof FirewallRule])
    }
  })
})

describe('withRule', () => {
  it('appends a new rule and carries every other rule over unchanged', () => {
    const before = seeded()
    const after = withRule(before, fresh)
    expect(after.map((r) => r.name)).toEqual([...before.map((r) => r.name), 'allow-web'])
    expect(after.at(-1)).toEqual(fresh)
    expectOthersUnchanged(before, after, [])
  })
  it('replaces the edited rule in its place, a rename included', () => {
    const before = seeded()
    const after = withRule(before, { ...fresh, name: 'ssh-renamed' }, 'allow-ssh')
    expect(after.map((r) => r.name)).toEqual([
      'allow-internal-inbound',
      'ssh-renamed',
      'allow-icmp',
      'allow-web-to-db1',
    ])
    expect(after[1]).toEqual({ ...fresh, name: 'ssh-renamed' })
    expectOthersUnchanged(before, after, ['allow-ssh'])
  })
  it('refuses a name another rule has, but not the edited rule keeping its own', () => {
    expect(() => withRule(seeded(), { ...fresh, name: 'allow-icmp' })).toThrow(RULE_NAME_TAKEN)
    expect(() => withRule(seeded(), { ...fresh, name: 'allow-icmp' }, 'allow-ssh')).toThrow(RuleListConflict)
    expect(withRule(seeded(), { ...fresh, name: 'allow-ssh' }, 'allow-ssh')[1]?.name).toBe('allow-ssh')
    expect(nameTaken(seeded(), 'allow-ssh')).toBe(true)
    expect(nameTaken(seeded(), 'allow-ssh', 'allow-ssh')).toBe(false)
  })
  it('refuses to edit a rule that is gone', () => {
    expect(() => withRule(seeded(), fresh, 'no-such-rule')).toThrow(/no longer exists/)
  })
})

describe('withoutRule and withStatus', () => {
  it('removes only the named rule', () => {
    const before = seeded()
    const after = withoutRule(before, 'allow-icmp')
    expect(after.map((r) => r.name)).toEqual(['allow-internal-inbound', 'allow-ssh', 'allow-web-to-db1'])
    expectOthersUnchanged(before, after, ['allow-icmp'])
  })
  it('changes only the status of the named rule', () => {
    const before = seeded()
    const after = withStatus(before, 'allow-ssh', 'disabled')
    expect(after[1]).toEqual({ ...toUpdate(before[1] as FirewallRule), status: 'disabled' })
    expectOthersUnchanged(before, after, ['allow-ssh'])
    expect(() => withStatus(before, 'gone', 'enabled')).toThrow(RuleListConflict)
  })
  it('property: any change to one rule leaves every other rule as the server gave it', () => {
    const names = ['allow-internal-inbound', 'allow-ssh', 'allow-icmp', 'allow-web-to-db1']
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.constantFrom('edit', 'delete', 'enable', 'disable'),
        (n, op) => {
          const before = seeded()
          const after =
            op === 'edit'
              ? withRule(before, { ...fresh, name: `${n}-x` }, n)
              : op === 'delete'
                ? withoutRule(before, n)
                : withStatus(before, n, op === 'enable' ? 'enabled' : 'disabled')
          expectOthersUnchanged(before, after, [n])
        },
      ),
    )
  })
})

describe('presentation helpers', () => {
  it('sorts by priority, then by name', () => {
    expect(sortRules(seeded()).map((r) => r.name)).toEqual([
      'allow-web-to-db1',
      'allow-icmp',
      'allow-internal-inbound',
      'allow-ssh',
    ])
  })
  it('labels hosts and protocols', () => {
    expect(hostLabel({ type: 'ip_net', value: '10.0.0.0/8' })).toBe('IP network 10.0.0.0/8')
    expect(hostLabel({ type: 'instance', value: 'db1' })).toBe('Instance db1')
    expect(protocolLabel({ type: 'tcp' })).toBe('TCP')
    expect(protocolLabel({ type: 'icmp', value: null })).toBe('ICMP')
    expect(protocolLabel({ type: 'icmp', value: { icmpType: 3 } })).toBe('ICMP type 3')
    expect(protocolLabel({ type: 'icmp6', value: { icmpType: 128, code: '0-3' } })).toBe(
      'ICMPv6 type 128 code 0-3',
    )
  })
  it('names a clone with the spec 5 generated-name rule, never over 63', () => {
    expect(cloneName('allow-ssh', 'abc123')).toBe('allow-ssh-abc123')
    const long = cloneName('a'.repeat(63), '0f0f0f')
    expect(long).toHaveLength(63)
    expect(long.endsWith('-0f0f0f')).toBe(true)
  })
})

describe('saveRules', () => {
  let api: FakeApi
  beforeEach(async () => {
    resetConnectivity()
    api = fakeApi()
    await resetStorageForTests({ fetcher: api.fetcher, dbName: 'rack-console-cache-fw-unit' })
    setCacheScope(userA)
  })

  it('builds the change on the server list read now and PUTs the whole list', async () => {
    const server = seeded()
    api.on('vpcFirewallRulesView', () => ok({ rules: server }))
    api.on('vpcFirewallRulesUpdate', (p) => ok(p.body))
    const result = await saveRules('mock-project', 'mock-vpc', (rules) =>
      withStatus(rules, 'allow-ssh', 'disabled'),
    )
    expect(result.type).toBe('success')
    const put = api.calls.find((c) => c.name === 'vpcFirewallRulesUpdate')
    expect(put?.params.query).toEqual({ project: 'mock-project', vpc: 'mock-vpc' })
    const sent = (put?.params.body as { rules: RuleUpdate[] } | undefined)?.rules ?? []
    expect(sent.find((r) => r.name === 'allow-ssh')?.status).toBe('disabled')
    expectOthersUnchanged(server, sent, ['allow-ssh'])
    expect(api.count('vpcFirewallRulesView')).toBeGreaterThanOrEqual(1)
  })
})
