// Networking operations: VPCs, subnets, routers, routes, firewall rules, internet gateways, floating
// IPs, network interfaces, affinity groups. Started with the VPC reads over the seeded `mock-vpc`;
// the networking author extends this list.
import type { HttpHandler } from 'msw'
import { requireProject } from '../lib/auth'
import { handle } from '../lib/handle'
import { lookupInProject, lookupProject } from '../lib/lookup'
import { paginate } from '../lib/paginate'

export const networkingHandlers: HttpHandler[] = [
  handle('vpcList', (ctx) => {
    const project = lookupProject(ctx, ctx.query.get('project'))
    requireProject(ctx.db, ctx.user, project.id, 'viewer')
    return paginate(
      ctx,
      ctx.db.vpcs.filter((v) => v.project_id === project.id),
    )
  }),
  handle('vpcView', (ctx) => lookupInProject(ctx, 'vpc', ctx.db.vpcs, ctx.path.vpc)),
]
