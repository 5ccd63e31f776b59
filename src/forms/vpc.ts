// What the VPC screens decide and send: the role a VPC write needs, the cache keys the list, the page
// and the forms share, the DNS name that follows the name until it is typed, the rule of an optional
// IPv6 prefix, and the writes, each through storage's `mutate` with every cached entry it changes.
import * as v from 'valibot'
import { mutate } from '../../storage'
import { vIpNet, vIpv6Net } from '../api/__generated__/schemas'
import type { Vpc } from '../api/types'
import { views } from '../lists'
import { rowDelete } from '../ui/delete'
import { kinds } from '../ui/kinds'
import { type FieldRule, IP_NET } from './validation'

export type { Vpc }

/** A VPC's own view, keyed exactly as the route's prefetch reads it. */
export const vpcViewParams = (project: string, vpc: string) => views.vpc.params({ project, vpc })

/** A VPC's firewall rules, keyed as its firewall-rules tab reads them, so both share one entry. */
export const firewallRulesParams = (project: string, vpc: string) => ({ query: { project, vpc } })

export type VpcValues = { name: string; description: string; dnsName: string; ipv6Prefix: string }
export type VpcEditValues = Omit<VpcValues, 'ipv6Prefix'>

export const PREFIX_NOT_V6 = 'Must be an IPv6 network'
export const PREFIX_NOT_VPC = 'Must be a /48 in the unique local range fd00::/8, like fd12:3456:789a::/48'

// fd00::/8: the first group is four hex digits starting with fd (fd::/48 is 00fd::, not local).
const UNIQUE_LOCAL = /^fd[0-9a-f]{2}:/i

/**
 * The optional IPv6 prefix of a new VPC: blank (the server picks one) or the contract's Ipv6Net that
 * Nexus (and the mock) take as a VPC prefix, a /48 of the unique local range; malformed networks are
 * worded as every IP network field words them (spec section 5).
 */
export const IPV6_PREFIX: FieldRule = {
  // Spaces around it are not part of it (blank is blank), as in the other address fields.
  schema: v.pipe(
    v.string(),
    v.trim(),
    v.union([
      v.literal(''),
      v.pipe(
        vIpv6Net,
        v.check((s) => UNIQUE_LOCAL.test(s) && s.endsWith('/48')),
      ),
    ]),
  ),
  explain: (raw, issue) => {
    const value = raw.trim()
    if (!v.is(vIpNet, value)) return IP_NET.explain(value, issue)
    return value.includes(':') ? PREFIX_NOT_VPC : PREFIX_NOT_V6
  },
}

const vpcLists = [{ endpoint: 'vpcList' as const }]

export const createVpc = (project: string, { ipv6Prefix, ...rest }: VpcValues) =>
  mutate(
    'vpcCreate',
    {
      query: { project },
      body: { ...rest, ...(ipv6Prefix.trim() ? { ipv6Prefix: ipv6Prefix.trim() } : {}) },
    },
    { invalidates: vpcLists },
  )

/**
 * By id, so the project is not named twice. The view under the new name is refreshed; the one under
 * the old name is left alone, since the page showing it is being left for the new name's (a refetch
 * would flash Page not found under it first).
 */
export const updateVpc = (project: string, current: Vpc, body: VpcEditValues) =>
  mutate(
    'vpcUpdate',
    { path: { vpc: current.id }, body },
    { invalidates: [...vpcLists, { endpoint: 'vpcView', params: vpcViewParams(project, body.name) }] },
  )

/** Deletes a VPC and says so; a refusal (e.g. interfaces still in its subnets) rejects with the API's message. */
export const deleteVpc = rowDelete(kinds.vpc, 'vpcDelete', 'vpcList', (vpc: Vpc) => ({
  path: { vpc: vpc.id },
}))
