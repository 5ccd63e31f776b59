import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  connectivityMachineRequested,
  connectivityReady,
  getConnectivity,
  isOnline,
  onReconnect,
  reportNetworkFailure,
  reportSuccess,
  resetConnectivity,
} from './connectivity'

afterEach(() => {
  resetConnectivity()
  vi.unstubAllGlobals()
})

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

// Issue 11: xstate and the machine stay out of a first visit that never goes offline.
describe('when the machine is loaded', () => {
  it('not while every request gets a response', () => {
    const since = getConnectivity().since
    for (let i = 0; i < 100; i++) reportSuccess()
    expect(connectivityMachineRequested()).toBe(false)
    expect(getConnectivity()).toEqual({ online: true, since })
  })

  it('on the first request that gets no response, and the machine starts online since the start', async () => {
    const since = getConnectivity().since
    reportSuccess()
    expect(connectivityMachineRequested()).toBe(false)
    reportNetworkFailure()
    expect(connectivityMachineRequested()).toBe(true)
    const failedAt = getConnectivity().since
    expect(failedAt.getTime()).toBeGreaterThanOrEqual(since.getTime())
    await connectivityReady()
    expect(getConnectivity()).toEqual({ online: false, since: failedAt })
  })

  it("on the window's offline event, and back online with its online event", async () => {
    const win = new EventTarget()
    vi.stubGlobal('window', win)
    let reconnects = 0
    const stop = onReconnect(() => {
      reconnects++
    })
    expect(isOnline()).toBe(true)
    win.dispatchEvent(new Event('online'))
    expect(connectivityMachineRequested()).toBe(false)
    win.dispatchEvent(new Event('offline'))
    expect(connectivityMachineRequested()).toBe(true)
    expect(isOnline()).toBe(false)
    await connectivityReady()
    expect(isOnline()).toBe(false)
    win.dispatchEvent(new Event('online'))
    expect(isOnline()).toBe(true)
    expect(reconnects).toBe(1)
    stop()
  })

  it('at once when the browser says it is offline from the start', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    expect(isOnline()).toBe(false)
    expect(connectivityMachineRequested()).toBe(true)
    await connectivityReady()
    expect(isOnline()).toBe(false)
    reportSuccess()
    expect(isOnline()).toBe(true)
  })
})
