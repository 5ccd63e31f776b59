// System update (fleet scope): the uploaded TUF repositories, listed and looked up by system version,
// the update status, and setting the target release. Reads need a fleet viewer, setting the target
// a fleet admin (as the other system operations, handlers/system.ts). Versions are ordered by
// semantic-version precedence (src/util/semver.ts), so 10.0.0 is newer than 9.0.0.
import type { HttpHandler } from 'msw'
import type { OperationName } from '../../src/api/__generated__/operations'
import { compareVersions } from '../../src/util/semver'
import type { Db, S } from '../db'
import { requireFleet } from '../lib/auth'
import { ApiError, invalidRequest } from '../lib/errors'
import { type Ctx, handle } from '../lib/handle'
import { now } from '../lib/ids'
import { paginateOrdered } from '../lib/paginate'

type C = Ctx<OperationName>

const fleetRead = (ctx: C) => requireFleet(ctx.db, ctx.user, 'viewer')
const fleetWrite = (ctx: C) => requireFleet(ctx.db, ctx.user, 'admin')

/**
 * 404 for a version no uploaded repository has, worded as Nexus words it (a lookup of the
 * `tuf-repo` resource type by composite id, which Nexus reports with `id`).
 */
function tufRepoNotFound(version: string): ApiError {
  return new ApiError(404, 'ObjectNotFound', `not found: tuf-repo with id "${version}"`)
}

/** The uploaded repository of a system version; 404 when there is none. */
function lookupRepo(db: Db, version: string): S['TufRepo'] {
  const repo = db.tufRepos.find((r) => r.system_version === version)
  if (!repo) throw tufRepoNotFound(version)
  return repo
}

/** The 400 for a target release older than the current one (Nexus's message). */
export function downgradeMessage(requested: string, current: string): string {
  return `Requested target release (${requested}) must not be older than current target release (${current})`
}

export const updateHandlers: HttpHandler[] = [
  handle('systemUpdateStatus', (ctx) => {
    fleetRead(ctx)
    const s = ctx.db.updateStatus
    return {
      ...s,
      target_release: s.target_release && { ...s.target_release },
      components_by_release_version: { ...s.components_by_release_version },
    }
  }),

  // Newest first unless sort_by says version_ascending (the contract lists that mode first, but the
  // server's default is descending).
  handle('systemUpdateRepositoryList', (ctx) => {
    fleetRead(ctx)
    return paginateOrdered(
      ctx,
      ctx.db.tufRepos,
      (r) => r.system_version,
      compareVersions,
      'version_descending',
    )
  }),

  handle('systemUpdateRepositoryView', (ctx) => {
    fleetRead(ctx)
    return lookupRepo(ctx.db, ctx.path.system_version)
  }),

  // The body's version is checked against the contract's semver pattern before this runs (400).
  handle('targetReleaseUpdate', (ctx) => {
    fleetWrite(ctx)
    const version = ctx.body.system_version
    const repo = lookupRepo(ctx.db, version)
    const status = ctx.db.updateStatus
    const current = status.target_release
    if (current) {
      const order = compareVersions(repo.system_version, current.version)
      if (order < 0) throw invalidRequest(downgradeMessage(repo.system_version, current.version))
      // The same release again: the mock leaves it as it is, time requested included.
      if (order === 0 && repo.system_version === current.version) return undefined
    }
    status.target_release = { version: repo.system_version, time_requested: now() }
    return undefined
  }),
]
