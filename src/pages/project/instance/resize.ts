// The resize form's values and what they become: the instance update's whole body (the rest of the
// configuration sent back unchanged), and the field a refusal of the server is about.

import type { Instance } from '../../../api/types'
import { instanceUpdateBody } from '../../../hooks/use-instance-actor'
import { GiB } from '../../../util/bytes'

export type ResizeValues = { ncpus: string; memoryGib: string }

/** The form starts from what the instance has; memory is shown in whole GiB (spec 9: 1 to 1536). */
export const resizeInitial = (instance: Instance): ResizeValues => ({
  ncpus: String(instance.ncpus),
  memoryGib: String(Math.max(1, Math.round(instance.memory / GiB))),
})

export const resizeBody = (instance: Instance, values: ResizeValues) =>
  instanceUpdateBody(instance, { ncpus: Number(values.ncpus), memory: Number(values.memoryGib) * GiB })

/** The field a server refusal names ("cannot have more than 64 vCPUs", "memory must be ..."), if one. */
export function resizeFailureField(message: string): keyof ResizeValues | undefined {
  if (/\bv?cpus?\b/i.test(message)) return 'ncpus'
  if (/\bmemory\b/i.test(message)) return 'memoryGib'
  return undefined
}
