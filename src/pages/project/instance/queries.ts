// The reads of the instance page, one params builder per view. The route tree's prefetches call these
// same builders, so a warm read is always the key the tab reads (routes.test.ts checks the keys).
import { views } from '../../../lists'

export type InstanceRef = { project: string; instance: string }

/**
 * One page is all an instance has: the API caps disks at 12 and network interfaces at 8, and
 * anti-affinity memberships are a handful; the page size only has to cover those.
 */
export const INSTANCE_CHILD_LIMIT = 50

/** An endpoint under /v1/instances/{instance}, the project in the query. */
const underInstance = ({ project, instance }: InstanceRef) => ({ path: { instance }, query: { project } })

/** A paginated list under /v1/instances/{instance}: the whole of it in one page. */
const listUnderInstance = ({ project, instance }: InstanceRef) => ({
  path: { instance },
  query: { project, limit: INSTANCE_CHILD_LIMIT },
})

/** The page's own read (src/lists.ts), which its tabs read again. */
export const instanceViewParams = (ref: InstanceRef) => views.instance.params(ref)

export const instanceDisksParams = listUnderInstance

/** NICs are listed at /v1/network-interfaces, the instance in the query. */
export const instanceNicsParams = ({ project, instance }: InstanceRef) => ({
  query: { project, instance, limit: INSTANCE_CHILD_LIMIT },
})

/** External IPs are not paginated. */
export const instanceExternalIpsParams = underInstance

export const instanceAntiAffinityParams = listUnderInstance
