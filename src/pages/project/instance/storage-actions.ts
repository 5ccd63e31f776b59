// What the storage tab may do with a disk of an instance. An action that touches both asks both
// machines (spec section 4): the instance's first, then the disk's; the first refusal is the reason.
import type { Disk, Instance } from '../../../api/types'
import { diskRowRefusal, instanceRowRefusal } from '../../../ui/row-state'
import { generateName } from '../../../util/names'

/** The first refusal of those given, or null when none refuses. */
export function firstRefusal(...refusals: ReadonlyArray<string | null | undefined>): string | null {
  return refusals.find((r): r is string => typeof r === 'string' && r !== '') ?? null
}

/**
 * The server will not detach the boot disk (it would leave the instance unbootable): it must be unset
 * first. Not a state of either machine but a relation between the two, so it comes after theirs.
 */
export const BOOT_DISK_DETACH_REFUSAL = 'The boot disk cannot be detached: unset it as boot disk first'

/** The disks of the project that can be attached: detached, and the disk machine agrees. */
export function attachableDisks(disks: readonly Disk[]): Disk[] {
  return disks.filter((d) => d.state.state === 'detached' && diskRowRefusal(d, 'ATTACH') === null)
}

/** Why the instance cannot take a disk now (attach existing, create and attach), or null. */
export const attachRefusal = (instance: Instance): string | null =>
  instanceRowRefusal(instance, 'ATTACH_DISK')

export type DiskRowRefusals = {
  detach: string | null
  setBoot: string | null
  unsetBoot: string | null
  snapshot: string | null
}

/** Why each row action on `disk` (one of `instance`'s disks) is refused, or null when it is allowed. */
export function diskRowRefusals(instance: Instance, disk: Disk): DiskRowRefusals {
  const isBoot = instance.bootDiskId === disk.id
  return {
    detach: firstRefusal(
      instanceRowRefusal(instance, 'DETACH_DISK'),
      diskRowRefusal(disk, 'DETACH'),
      isBoot ? BOOT_DISK_DETACH_REFUSAL : null,
    ),
    setBoot: firstRefusal(
      instanceRowRefusal(instance, 'UPDATE_BOOT_DISK'),
      diskRowRefusal(disk, 'SET_BOOT_DISK'),
    ),
    unsetBoot: instanceRowRefusal(instance, 'UPDATE_BOOT_DISK'),
    snapshot: diskRowRefusal(disk, 'SNAPSHOT'),
  }
}

/** The name of a snapshot taken from the storage tab (spec section 5's generated names). */
export const snapshotNameFor = (disk: Disk, suffix?: string): string =>
  generateName([disk.name, 'snapshot'], suffix)
