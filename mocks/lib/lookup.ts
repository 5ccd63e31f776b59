// Name-or-id lookups the way the API resolves selectors: a UUID finds a resource by id (and then the
// parent selector must be absent), a name needs its parent selector (e.g. `?project=`). Resources the
// caller cannot read are reported as not found, as the real API does.
import type { OperationName } from '../../src/api/__generated__/operations'
import type { Project } from '../db'
import { projectRole } from './auth'
import { alreadyExists as alreadyExistsError, invalidRequest, isUuid, notFound } from './errors'
import type { Ctx } from './handle'

type Named = { id: string; name: string }

/** Projects of the caller's silo. */
export function siloProjects(ctx: Ctx<OperationName>): Project[] {
  const siloId = ctx.user.silo_id
  return ctx.db.projects.filter((p) => ctx.db.projectSilo.get(p.id) === siloId)
}

/** A project by name or id in the caller's silo; 404 if missing or unreadable for the caller. */
export function lookupProject(ctx: Ctx<OperationName>, nameOrId: string | null | undefined): Project {
  if (!nameOrId) throw invalidRequest('project must be specified')
  const p = siloProjects(ctx).find((x) => (isUuid(nameOrId) ? x.id === nameOrId : x.name === nameOrId))
  if (!p || !projectRole(ctx.db, ctx.user, p.id)) throw notFound('project', nameOrId)
  return p
}

/**
 * A resource selected by name or id under a parent: by id the parent selector must be absent; by name
 * it is required. `parentOf` gives a row's parent id; `resolveParent` turns the parent selector into
 * an id (and checks access). `check` runs on the found row (e.g. to verify its project is readable).
 */
export function lookupChild<T extends Named>(opts: {
  kind: string
  rows: readonly T[]
  value: string
  parentKind: string
  parentValue: string | null | undefined
  parentOf: (row: T) => string | null | undefined
  resolveParent: (value: string) => string
  check?: (row: T) => boolean
}): T {
  const { kind, rows, value, parentKind, parentValue } = opts
  let found: T | undefined
  if (isUuid(value)) {
    if (parentValue)
      throw invalidRequest(`when providing ${kind} as an ID ${parentKind} should not be specified`)
    found = rows.find((r) => r.id === value)
  } else {
    if (!parentValue)
      throw invalidRequest(`${kind} should either be UUID or ${parentKind} should be specified`)
    const parentId = opts.resolveParent(parentValue)
    found = rows.find((r) => r.name === value && opts.parentOf(r) === parentId)
  }
  if (!found || (opts.check && !opts.check(found))) throw notFound(kind, value)
  return found
}

/** A project-scoped resource (instance, disk, snapshot, VPC, floating IP, ...) by name or id. */
export function lookupInProject<T extends Named & { project_id: string }>(
  ctx: Ctx<OperationName>,
  kind: string,
  rows: readonly T[],
  value: string,
  project: string | null | undefined = ctx.query.get('project'),
): T {
  return lookupChild({
    kind,
    rows,
    value,
    parentKind: 'project',
    parentValue: project,
    parentOf: (r) => r.project_id,
    resolveParent: (v) => lookupProject(ctx, v).id,
    // By id, the row's project must still be one the caller can read.
    check: (r) =>
      ctx.db.projectSilo.get(r.project_id) === ctx.user.silo_id &&
      !!projectRole(ctx.db, ctx.user, r.project_id),
  })
}

/** 400 unless `name` is free among `siblings` (names are unique within their parent). */
export function assertNameFree(
  kind: string,
  siblings: readonly Named[],
  name: string,
  exceptId?: string,
): void {
  if (siblings.some((s) => s.name === name && s.id !== exceptId)) {
    throw alreadyExistsError(kind, name)
  }
}
