// Projects and project policies (spec section 7). A new project gets a `default` VPC with a
// `default` subnet and its system router, as on the rack; deleting a project needs it empty.
import type { HttpHandler } from 'msw'
import type { Db, Project } from '../db'
import { projectRole, requireProject, requireSilo } from '../lib/auth'
import { invalidRequest, notFound } from '../lib/errors'
import { handle } from '../lib/handle'
import { now, randomId } from '../lib/ids'
import { assertNameFree, lookupProject, siloProjects } from '../lib/lookup'
import { paginate } from '../lib/paginate'

function createDefaultVpc(db: Db, project: Project): void {
  const t = now()
  const vpcId = randomId()
  const routerId = randomId()
  // A /48 unique-local prefix per VPC, derived from the id so it is stable for the VPC.
  const hex = vpcId.replaceAll('-', '')
  const prefix = `fd${hex.slice(0, 2)}:${hex.slice(2, 6)}:${hex.slice(6, 10)}`
  db.vpcs.push({
    id: vpcId,
    name: 'default',
    description: `Default VPC for project "${project.name}"`,
    dns_name: 'default',
    ipv6_prefix: `${prefix}::/48`,
    project_id: project.id,
    system_router_id: routerId,
    time_created: t,
    time_modified: t,
  })
  db.vpcRouters.push({
    id: routerId,
    name: 'system',
    description: 'Routes are automatically added to this router as VPC subnets are created',
    kind: 'system',
    vpc_id: vpcId,
    time_created: t,
    time_modified: t,
  })
  db.vpcSubnets.push({
    id: randomId(),
    name: 'default',
    description: `The default subnet for ${project.name}`,
    vpc_id: vpcId,
    ipv4_block: '172.30.0.0/22',
    ipv6_block: `${prefix}:1::/64`,
    custom_router_id: null,
    time_created: t,
    time_modified: t,
  })
}

/** The first kind of resource that keeps a project from being deleted, if any. */
function firstChild(db: Db, projectId: string): [string, string] | undefined {
  const checks: [string, { name: string; project_id: string }[]][] = [
    ['instance', db.instances],
    ['disk', db.disks],
    ['snapshot', db.snapshots],
    ['image', db.images.filter((i): i is typeof i & { project_id: string } => !!i.project_id)],
    ['floating ip', db.floatingIps],
    ['vpc', db.vpcs],
    ['affinity group', db.affinityGroups],
    ['anti-affinity group', db.antiAffinityGroups],
  ]
  for (const [kind, rows] of checks) {
    const row = rows.find((r) => r.project_id === projectId)
    if (row) return [kind, row.name]
  }
  return undefined
}

export const projectHandlers: HttpHandler[] = [
  // Only the projects the caller can read.
  handle('projectList', (ctx) =>
    paginate(
      ctx,
      siloProjects(ctx).filter((p) => projectRole(ctx.db, ctx.user, p.id)),
    ),
  ),

  handle('projectCreate', (ctx) => {
    requireSilo(ctx.db, ctx.user, 'collaborator')
    assertNameFree('project', siloProjects(ctx), ctx.body.name)
    const t = now()
    const project: Project = {
      id: randomId(),
      name: ctx.body.name,
      description: ctx.body.description,
      time_created: t,
      time_modified: t,
    }
    ctx.db.projects.push(project)
    ctx.db.projectSilo.set(project.id, ctx.user.silo_id)
    createDefaultVpc(ctx.db, project)
    return project
  }),

  handle('projectView', (ctx) => lookupProject(ctx, ctx.path.project)),

  handle('projectUpdate', (ctx) => {
    const p = lookupProject(ctx, ctx.path.project)
    requireProject(ctx.db, ctx.user, p.id, 'collaborator')
    if (ctx.body.name != null) {
      assertNameFree('project', siloProjects(ctx), ctx.body.name, p.id)
      p.name = ctx.body.name
    }
    if (ctx.body.description != null) p.description = ctx.body.description
    p.time_modified = now()
    return p
  }),

  handle('projectDelete', (ctx) => {
    const p = lookupProject(ctx, ctx.path.project)
    requireProject(ctx.db, ctx.user, p.id, 'collaborator')
    const child = firstChild(ctx.db, p.id)
    if (child) {
      const article = /^[aeiou]/.test(child[0]) ? 'an' : 'a'
      throw invalidRequest(`project to be deleted contains ${article} ${child[0]}: ${child[1]}`)
    }
    ctx.db.projects = ctx.db.projects.filter((x) => x !== p)
    ctx.db.projectSilo.delete(p.id)
    ctx.db.projectPolicies.delete(p.id)
    return undefined
  }),

  handle('projectPolicyView', (ctx) => {
    const p = lookupProject(ctx, ctx.path.project)
    return { role_assignments: ctx.db.projectPolicies.get(p.id) ?? [] }
  }),

  // Spec section 6: one role per identity; the list replaces the policy. Needs project admin.
  handle('projectPolicyUpdate', (ctx) => {
    const p = lookupProject(ctx, ctx.path.project)
    requireProject(ctx.db, ctx.user, p.id, 'admin')
    const assignments = ctx.body.role_assignments
    const siloId = ctx.db.projectSilo.get(p.id)
    for (const a of assignments) {
      const exists =
        a.identity_type === 'silo_user'
          ? ctx.db.users.some((u) => u.id === a.identity_id && u.silo_id === siloId)
          : ctx.db.groups.some((g) => g.id === a.identity_id && g.silo_id === siloId)
      if (!exists) throw notFound(a.identity_type === 'silo_user' ? 'silo-user' : 'silo-group', a.identity_id)
    }
    if (new Set(assignments.map((a) => a.identity_id)).size !== assignments.length) {
      throw invalidRequest('an identity may have at most one role on a resource')
    }
    ctx.db.projectPolicies.set(p.id, assignments)
    return { role_assignments: assignments }
  }),
]
