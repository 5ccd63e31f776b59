// System operations: silos, identity providers, IP pools with ranges and silo links, racks, sleds,
// physical disks, switches, quotas, utilization, system policy. Started with the silo reads; the
// system author extends this list. Fleet roles gate everything here.
import type { HttpHandler } from 'msw'
import { requireFleet } from '../lib/auth'
import { isUuid, notFound } from '../lib/errors'
import { handle } from '../lib/handle'
import { paginate } from '../lib/paginate'

export const systemHandlers: HttpHandler[] = [
  handle('siloList', (ctx) => {
    requireFleet(ctx.db, ctx.user, 'viewer')
    return paginate(ctx, ctx.db.silos)
  }),
  handle('siloView', (ctx) => {
    requireFleet(ctx.db, ctx.user, 'viewer')
    const v = ctx.path.silo
    const silo = ctx.db.silos.find((s) => (isUuid(v) ? s.id === v : s.name === v))
    if (!silo) throw notFound('silo', v)
    return silo
  }),
]
