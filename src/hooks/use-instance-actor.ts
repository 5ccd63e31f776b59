// Actions on one instance. The machine (machines/instance.machine.ts) says what is allowed; its
// actor, with its I/O through storage/, lives in ./instance-actor and loads with xstate only when an
// action runs (issue 11): rows derive their allowed actions from tables asked of the machine
// (src/ui/row-state.ts), and the list polls once for all its transitional rows. This module stays
// xstate-free, so the forms and pages that import its helpers do not load the machine either.
import type { InstanceAction } from '../../machines/instance.states'
import type { ApiParams, Instance } from '../api/types'
import { beginAction } from './live-actions'

type UpdateBody = ApiParams<'instanceUpdate'>['body']

/**
 * The instance update is a PUT of the whole configuration: everything the change does not name is
 * sent back as the instance has it, so resizing does not reset the boot disk or the restart policy.
 */
export function instanceUpdateBody(instance: Instance, change: Partial<UpdateBody>): UpdateBody {
  return {
    bootDisk: instance.bootDiskId ?? null,
    ncpus: instance.ncpus,
    memory: instance.memory,
    autoRestartPolicy: instance.autoRestartPolicy ?? null,
    cpuPlatform: instance.cpuPlatform ?? null,
    enableJumboFrames: instance.enableJumboFrames,
    // null leaves the instance's multicast groups as they are
    multicastGroups: null,
    ...change,
  }
}

type DiskRef = ApiParams<'instanceDiskAttach'>['body']
type NicChange = { interface: string; body: ApiParams<'instanceNetworkInterfaceUpdate'>['body'] }

/** The events that carry a request body, with what each needs. */
type ActionParams = {
  RESIZE: UpdateBody
  UPDATE_BOOT_DISK: UpdateBody
  ATTACH_DISK: DiskRef
  DETACH_DISK: DiskRef
  UPDATE_NIC: NicChange
  ADD_TO_AFFINITY_GROUP: { affinityGroup: string }
}
type Bare = Exclude<InstanceAction, keyof ActionParams>

/**
 * Runs `action` on `instance` through a short-lived actor, loaded with the machine on first use;
 * rejects with the machine's refusal (the state does not allow it, or another action runs) or the
 * API's error.
 */
export function performInstanceAction(instance: Instance, action: Bare): Promise<void>
export function performInstanceAction<A extends keyof ActionParams>(
  instance: Instance,
  action: A,
  params: ActionParams[A],
): Promise<void>
export function performInstanceAction(
  instance: Instance,
  action: InstanceAction,
  params?: unknown,
): Promise<void> {
  // The row reads as busy from the moment the action is chosen, while the machine's code loads.
  const handle = beginAction(instance.id)
  return import('./instance-actor').then(
    (m) => m.runInstanceAction(handle, instance, action, params),
    (e: unknown) => {
      handle.end()
      throw e
    },
  )
}
