import { describe, expect, it } from 'vitest'
import { DISK_STATES } from '../../machines/disk.machine'
import { INSTANCE_STATES } from '../../machines/instance.machine'
import { diskBadgeColor, instanceBadgeColor } from './badges'

describe('state badge colours', () => {
  it('instance colours follow the spec (section 4)', () => {
    expect(instanceBadgeColor).toEqual({
      running: 'green',
      stopped: 'neutral',
      failed: 'red',
      destroyed: 'red',
      creating: 'green',
      starting: 'blue',
      rebooting: 'blue',
      migrating: 'purple',
      repairing: 'notice',
      stopping: 'neutral',
    })
    expect(Object.keys(instanceBadgeColor).sort()).toEqual([...INSTANCE_STATES].sort())
  })

  it('every disk state has a badge colour of the recipe', () => {
    for (const s of DISK_STATES) {
      expect(['neutral', 'green', 'red', 'blue', 'purple', 'notice']).toContain(diskBadgeColor[s])
    }
  })
})
