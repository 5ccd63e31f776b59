// What the system update screen decides, apart from how it shows it: which uploaded release may become
// the target release (the API refuses one older than the target, and making the target the target
// again changes nothing), and how the count of components per release reads, the target's first.
import type { Schema } from '../../api/types'
import { compareVersions } from '../../util/semver'

export type UpdateStatus = Schema<'UpdateStatus'>
export type Release = Schema<'TufRepo'>

export const SET_TARGET = 'Set as target release'

/** The keys of `componentsByReleaseVersion` that are not versions (the contract names them). */
const NOT_A_RELEASE: Record<string, string> = {
  'install dataset': 'Initial install',
  unknown: 'Not an uploaded release',
}

/**
 * Why `release` cannot become the target release, or null when it can. `target` is the current
 * target's version, null when none was ever set, undefined while the status is not known.
 */
export function targetRefusal(release: string, target: string | null | undefined): string | null {
  if (target === undefined) return 'The current target release is not known yet'
  if (target === null) return null
  if (release === target) return `${release} is already the target release`
  // Of equal precedence but other build metadata is another release, as the mock takes it.
  if (compareVersions(release, target) < 0)
    return `${release} is older than the target release ${target}: the system cannot be downgraded`
  return null
}

export interface ComponentCount {
  readonly version: string
  /** The version, or what the status means by a key that is not one ("Initial install"). */
  readonly label: string
  readonly count: number
  readonly isTarget: boolean
}

/** The components' releases: the target first, then newer to older, then the initial install and
 * unknown; a release with no components left is not listed. */
export function componentCounts(
  counts: Readonly<Record<string, number>>,
  target: string | null,
): ComponentCount[] {
  const entries = Object.entries(counts).filter(([, n]) => n > 0)
  const releases = entries.filter(([v]) => !(v in NOT_A_RELEASE))
  const order = Object.keys(NOT_A_RELEASE)
  const others = entries
    .filter(([v]) => v in NOT_A_RELEASE)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
  releases.sort(([a], [b]) => (a === target ? -1 : b === target ? 1 : compareVersions(b, a)))
  return [...releases, ...others].map(([version, count]) => ({
    version,
    label: NOT_A_RELEASE[version] ?? version,
    count,
    isTarget: version === target,
  }))
}

/** "29 of 31 components run the target release." or, with no target, how many there are. */
export function progressText(counts: readonly ComponentCount[], target: string | null): string {
  const total = counts.reduce((sum, c) => sum + c.count, 0)
  const noun = total === 1 ? 'component' : 'components'
  if (target === null) return `${total} ${noun}; no target release has been set.`
  const done = counts.find((c) => c.isTarget)?.count ?? 0
  if (done === total) return `All ${total} ${noun} run the target release.`
  return `${done} of ${total} ${noun} run the target release.`
}
