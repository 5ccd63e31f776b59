import { afterEach, describe, expect, it } from 'vitest'
import {
  connectivityReady,
  getConnectivity,
  isOnline,
  onReconnect,
  reportNetworkFailure,
  reportSuccess,
  resetConnectivity,
} from './connectivity'

afterEach(() => resetConnectivity())

describe('connectivity while its machine loads', () => {
  it('answers at once, then the machine replays what happened and takes over with the same state', async () => {
    let reconnects = 0
    const stop = onReconnect(() => {
      reconnects++
    })
    expect(isOnline()).toBe(true)
    reportNetworkFailure()
    // Before the actor runs: the failure already reads as offline, since when it happened.
    expect(isOnline()).toBe(false)
    const since = getConnectivity().since
    await connectivityReady()
    expect(getConnectivity()).toEqual({ online: false, since })
    reportSuccess()
    expect(isOnline()).toBe(true)
    expect(reconnects).toBe(1)
    stop()
  })
})
