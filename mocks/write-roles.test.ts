// Who may write each kind, as the console declares it once (src/ui/kinds.tsx `writes`), against the
// mock, which mirrors the API's authorization: for one write of each kind, a user holding exactly the
// declared role is let through, and the next weaker role is refused with 403. A rule that drifts
// from the server fails here, instead of as a control enabled for a write the server refuses (or a
// control disabled for a write the user may make).
import { describe, expect, it } from 'vitest'
import type { OperationName } from '../src/api/__generated__/operations'
import { type Kind, kinds, type WriteRule } from '../src/ui/kinds'
import { ROLE_ORDER } from '../src/util/roles'
import type { Api, CallOptions } from './contract/api'
import { instanceBody } from './contract/bodies'
import { db, type RoleName } from './db'
import { seedIds as ids } from './seed/ids'
import { updateSeed } from './seed/system'
import { withMockServer } from './test-server'

const GiB = 1024 ** 3
const P = { project: 'mock-project' }
// A user of the silo with no role anywhere until a test gives it one, signed in by token.
const TOKEN = 'test-token-write-roles'

let api: Api
withMockServer((_, a) => {
  api = a
  db.accessTokens.push({
    id: 'a0000000-0000-4000-8000-0000000000aa',
    token: TOKEN,
    user_id: ids.noRole,
    time_created: new Date().toISOString(),
    time_expires: null,
  })
})

/** The user holds `role` where the rule's writes are decided, and no role elsewhere. */
function grant(at: WriteRule['at'], role: RoleName): void {
  const assignment = { identity_id: ids.noRole, identity_type: 'silo_user' as const, role_name: role }
  const silo = db.users.find((u) => u.id === ids.noRole)?.silo_id
  if (!silo) throw new Error('the seed has no user without a role')
  // `own`: the weakest role at the silo, so the user may sign in to anything at all.
  if (at === 'silo' || at === 'own') db.siloPolicies.set(silo, [assignment as never])
  else if (at === 'project') db.projectPolicies.set(ids.mockProject, [assignment as never])
  else db.fleetPolicy.role_assignments = [assignment as never]
}

/** The next weaker role than `role` (spec section 6's order), which the rule must not be enough for. */
function weaker(role: RoleName): RoleName {
  const next = ROLE_ORDER[ROLE_ORDER.indexOf(role) + 1]
  if (!next) throw new Error(`no role is weaker than ${role}`)
  return next
}

/** One write of each kind that has a create of its own, with a body the contract accepts. */
const writes: [keyof typeof kinds, OperationName, (name: string) => CallOptions][] = [
  ['project', 'projectCreate', (name) => ({ body: { name, description: '' } })],
  ['instance', 'instanceCreate', (name) => ({ query: P, body: instanceBody(name) })],
  [
    'disk',
    'diskCreate',
    (name) => ({
      query: P,
      body: {
        name,
        description: '',
        size: GiB,
        disk_backend: { type: 'distributed', disk_source: { type: 'blank', block_size: 4096 } },
      },
    }),
  ],
  ['vpc', 'vpcCreate', (name) => ({ query: P, body: { name, description: '', dns_name: name } })],
  ['floatingIp', 'floatingIpCreate', (name) => ({ query: P, body: { name, description: '' } })],
  [
    'antiAffinityGroup',
    'antiAffinityGroupCreate',
    (name) => ({ query: P, body: { name, description: '', policy: 'allow', failure_domain: 'sled' } }),
  ],
  ['ipPool', 'systemIpPoolCreate', (name) => ({ body: { name, description: '' } })],
  // A release is not created here but uploaded; its write is making it the target (an upgrade).
  ['release', 'targetReleaseUpdate', () => ({ body: { system_version: updateSeed.newest } })],
  [
    'sshKey',
    'currentUserSshKeyCreate',
    (name) => ({
      body: {
        name,
        description: '',
        public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBiZHlN5i8Ah3SJ3FHmUmHk4mMZ8vdt5lVz1Q4zrdemo test',
      },
    }),
  ],
]

const status = async (op: OperationName, opts: CallOptions) =>
  (await api.call(op, { ...opts, token: TOKEN })).status

describe("each kind's declared write rule holds on the server", () => {
  it.each(writes)('%s (%s)', async (key, op, call) => {
    const rule = (kinds[key] as Kind).writes
    if (rule.at === 'own') {
      // The user's own things: a silo viewer, the weakest role, may write them.
      grant('own', 'viewer')
      expect(await status(op, call('mine'))).toBeLessThan(300)
      return
    }
    grant(rule.at, weaker(rule.role))
    expect(await status(op, call('too-weak'))).toBe(403)
    grant(rule.at, rule.role)
    expect(await status(op, call('just-enough'))).toBeLessThan(300)
  })

  it('covers a write of every kind that has a rule of its scope', () => {
    const scopes = new Set(writes.map(([key]) => (kinds[key] as Kind).writes.at))
    expect([...scopes].sort()).toEqual(['fleet', 'own', 'project', 'silo'])
    const roles = new Set(writes.map(([key]) => JSON.stringify((kinds[key] as Kind).writes)))
    // Every distinct rule the table uses is tried at least once.
    const used = new Set(Object.values(kinds).map((k: Kind) => JSON.stringify(k.writes)))
    expect([...used].filter((r) => !roles.has(r))).toEqual([])
  })
})
