import { describe, expect, it } from 'vitest'
import { vSnapshotState } from '../api/__generated__/schemas'
import {
  imageFromSnapshotRefusal,
  SNAPSHOT_NOT_READY,
  snapshotBadgeColor,
  snapshotIsMoving,
} from './snapshot-badge'

describe('snapshot states', () => {
  it('every state of the contract (spec section 4) has a colour of the badge recipe', () => {
    expect(Object.keys(snapshotBadgeColor).sort()).toEqual([...vSnapshotState.options].sort())
    expect(snapshotBadgeColor).toEqual({ creating: 'blue', ready: 'green', faulted: 'red', destroyed: 'red' })
  })

  it('only a snapshot being created is on the move (its badge spins, the list polls)', () => {
    expect(vSnapshotState.options.filter((state) => snapshotIsMoving({ state }))).toEqual(['creating'])
  })

  it('only a ready snapshot can become an image; the others say why', () => {
    expect(imageFromSnapshotRefusal({ state: 'ready' })).toBeNull()
    for (const state of ['creating', 'faulted', 'destroyed'] as const)
      expect(imageFromSnapshotRefusal({ state })).toBe(SNAPSHOT_NOT_READY)
  })
})
