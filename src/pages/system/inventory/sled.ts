// Pure helpers of the inventory screens (issue 15): how a sled's policy, provision policy and state
// read, why a sled's provision policy cannot change (the "machine" reason handed to
// useKindReason), and the labels of the physical disks.
import type { ApiResponse, ListItem, Schema } from '../../../api/types'
import type { BadgeColor } from '../../../components/Badge'
import { views } from '../../../lists'

/** What the sled's policy action and its form are, in their role reason. */
export const POLICY_WRITE = "setting a sled's provision policy"

export type Sled = ApiResponse<'sledView'>
export type PhysicalDisk = ListItem<'physicalDiskList'>
export type SledInstance = ListItem<'sledInstanceList'>
export type Switch = ListItem<'switchList'>
export type ProvisionPolicy = Schema<'SledProvisionPolicy'>

/** SledPolicy: an expunged sled never returns to service, so it has no provision policy to change. */
export const EXPUNGED_SLED_REASON = 'An expunged sled cannot change its provision policy'

/** The sled's provision policy, or null for an expunged sled (which is always non-provisionable). */
export function provisionPolicyOf(sled: Pick<Sled, 'policy'>): ProvisionPolicy | null {
  return sled.policy.kind === 'in_service' ? sled.policy.provisionPolicy : null
}

/** Why the sled's provision policy cannot be set, or null when it can. */
export function provisionPolicyRefusal(sled: Pick<Sled, 'policy'>): string | null {
  return provisionPolicyOf(sled) === null ? EXPUNGED_SLED_REASON : null
}

/** Why saving `next` would change nothing, or null when it is a change. */
export function unchangedPolicyReason(sled: Pick<Sled, 'policy'>, next: ProvisionPolicy): string | null {
  return provisionPolicyOf(sled) === next
    ? `The sled is already ${PROVISION_POLICY_LABELS[next].toLowerCase()}`
    : null
}

export const PROVISION_POLICY_LABELS: Record<ProvisionPolicy, string> = {
  provisionable: 'Provisionable',
  non_provisionable: 'Non-provisionable',
}

/** What each choice means (the API's own description of SledProvisionPolicy). */
export const PROVISION_POLICY_HELP: Record<ProvisionPolicy, string> = {
  provisionable: 'New instances and disks may be placed on this sled.',
  non_provisionable:
    'New instances and disks are not placed on this sled. What already runs on it stays until it is moved off.',
}

export const PROVISION_POLICIES = ['provisionable', 'non_provisionable'] as const satisfies ProvisionPolicy[]

/** How a sled's provision policy reads in a table: an expunged sled has none. */
export const provisionPolicyLabel = (sled: Pick<Sled, 'policy'>): string => {
  const p = provisionPolicyOf(sled)
  return p ? PROVISION_POLICY_LABELS[p] : '—'
}

type Kind = 'in_service' | 'expunged'
const POLICY_LABELS: Record<Kind, string> = { in_service: 'In service', expunged: 'Expunged' }
const POLICY_COLORS: Record<Kind, BadgeColor> = { in_service: 'green', expunged: 'red' }

/** A sled's or a physical disk's operator policy. */
export const policyBadge = (policy: { kind: Kind }) => ({
  label: POLICY_LABELS[policy.kind],
  color: POLICY_COLORS[policy.kind],
})

type HardwareState = 'active' | 'decommissioned'
const STATE_COLORS: Record<HardwareState, BadgeColor> = { active: 'green', decommissioned: 'neutral' }

/** A sled's or a physical disk's state, as Nexus sees it. */
export const stateBadge = (state: HardwareState) => ({ label: state, color: STATE_COLORS[state] })

const FORM_FACTORS: Record<PhysicalDisk['formFactor'], string> = { u2: 'U.2', m2: 'M.2' }
export const formFactorLabel = (f: PhysicalDisk['formFactor']): string => FORM_FACTORS[f]

/** The first group of a UUID: enough to tell the rack's sleds apart at a glance. */
export const shortId = (id: string): string => id.split('-')[0] ?? id

/** The sled page's read (its tabs' lists add the URL's page size, as the one list does). */
export const sledViewParams = (sledId: string) => views.sled.params({ sledId })
