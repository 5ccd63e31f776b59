// The reads of the instance page, one params builder per view. The route tree's prefetches must read
// exactly these keys (a warm read of any other key is wasted): routes.test.ts holds them to it.

export type InstanceRef = { project: string; instance: string }

/**
 * One page is all an instance has: the API caps disks at 12 and network interfaces at 8, and
 * anti-affinity memberships are a handful; the page size only has to cover those.
 */
export const INSTANCE_CHILD_LIMIT = 50

export const instanceViewParams = ({ project, instance }: InstanceRef) => ({
  path: { instance },
  query: { project },
})

export const instanceDisksParams = ({ project, instance }: InstanceRef) => ({
  path: { instance },
  query: { project, limit: INSTANCE_CHILD_LIMIT },
})

export const instanceNicsParams = ({ project, instance }: InstanceRef) => ({
  query: { project, instance, limit: INSTANCE_CHILD_LIMIT },
})

export const instanceExternalIpsParams = ({ project, instance }: InstanceRef) => ({
  path: { instance },
  query: { project },
})

export const instanceAntiAffinityParams = ({ project, instance }: InstanceRef) => ({
  path: { instance },
  query: { project, limit: INSTANCE_CHILD_LIMIT },
})
