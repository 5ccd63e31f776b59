// The one connectivity actor of the app. Real requests report their outcome here; the window's
// online/offline events feed it too. On offline -> online, reconnect listeners run (the cache
// revalidates every observed key).
//
// The machine (machines/connectivity.machine.ts) decides; xstate and the machine are loaded only when
// it has something to decide (issue 11: not on a first visit that stays online). While online, the
// machine does nothing with ONLINE or REQUEST_SUCCEEDED (its `online` state ignores the one and only
// notes the browser's word, already true, for the other), so those change nothing and are dropped;
// the first offline signal (window 'offline', a request that got no response) or a start while the
// browser says offline loads it. Until the actor runs, events wait in order and the snapshot follows
// the machine's top-level transitions (online <-> offline) at once, so a caller that reports a failure
// reads "offline" right after; the actor then replays the events, each at the time it happened, and
// takes over (probing while offline included).
import { useSyncExternalStore } from 'react'
import type { Actor } from 'xstate'
import type { ConnectivityEvent, connectivityMachine } from '../machines/connectivity.machine'

export type Connectivity = { online: boolean; since: Date }

type ConnectivityActor = Actor<typeof connectivityMachine>

let actor: ConnectivityActor | undefined
let started = false
let loading: Promise<void> | undefined
/** Bumped by resetConnectivity: an actor whose load began before a reset is never started. */
let epoch = 0
let startedAt = new Date()
let startOnline = true
let queued: Array<{ event: ConnectivityEvent; at: Date }> = []
let snapshot: Connectivity | undefined
let probe: () => Promise<void> = () => Promise.reject(new Error('nothing to probe'))
const listeners = new Set<() => void>()
const reconnectListeners = new Set<() => void>()
let detachWindow: (() => void) | undefined

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine
}

function publish(next: Connectivity) {
  const was = snapshot
  if (was && next.online === was.online && next.since.getTime() === was.since.getTime()) return
  snapshot = next
  for (const l of [...listeners]) l()
  if (was && next.online && !was.online) for (const l of [...reconnectListeners]) l()
}

/** The machine's own top-level transitions, applied while its actor is still loading. */
function provisional(event: ConnectivityEvent, at: Date) {
  const online = snapshot?.online ?? startOnline
  const goesOffline = event.type === 'OFFLINE' || event.type === 'NETWORK_FAILED'
  const goesOnline = event.type === 'ONLINE' || event.type === 'REQUEST_SUCCEEDED'
  if (online && goesOffline) publish({ online: false, since: at })
  else if (!online && goesOnline) publish({ online: true, since: at })
}

/**
 * Whether the machine has anything to do with `event`. Before it is loaded the app has only ever been
 * online with the browser saying so (anything else loads it), and there ONLINE and REQUEST_SUCCEEDED
 * are no-ops: dropping them keeps a long online session from queueing one event per request.
 */
function needsMachine(event: ConnectivityEvent): boolean {
  if (loading || !(snapshot?.online ?? startOnline)) return true
  return event.type === 'OFFLINE' || event.type === 'NETWORK_FAILED'
}

function send(event: ConnectivityEvent) {
  start()
  if (actor) {
    actor.send(event)
    return
  }
  if (!needsMachine(event)) return
  load()
  const at = new Date()
  queued.push({ event, at })
  provisional(event, at)
}

async function loadActor(myEpoch: number) {
  const [{ createActor, fromPromise }, { connectivityMachine: machine }] = await Promise.all([
    import('xstate'),
    import('../machines/connectivity.machine'),
  ])
  if (myEpoch !== epoch) return
  // During the replay the machine's clock reads each event's own time, so `since` is when it happened.
  let replayClock: Date | undefined
  const a = createActor(machine.provide({ actors: { probe: fromPromise<void>(() => probe()) } }), {
    input: { online: startOnline, now: () => replayClock ?? new Date() },
  })
  replayClock = startedAt
  a.start()
  for (const { event, at } of queued) {
    replayClock = at
    a.send(event)
  }
  queued = []
  replayClock = undefined
  actor = a
  const s = a.getSnapshot()
  publish({ online: s.matches('online'), since: s.context.since })
  a.subscribe((next) => publish({ online: next.matches('online'), since: next.context.since }))
}

function load() {
  if (loading) return
  const myEpoch = epoch
  loading = loadActor(myEpoch).catch((e: unknown) => {
    // The chunk could not load (an offline first visit before the precache): the provisional
    // online/offline state keeps working; the next event tries again.
    if (myEpoch === epoch) loading = undefined
    console.error('connectivity machine could not be loaded', e)
  })
}

function start() {
  if (started) return
  started = true
  startedAt = new Date()
  startOnline = browserOnline()
  snapshot = { online: startOnline, since: startedAt }
  // Offline from the start: the machine decides when to probe, so it is needed at once.
  if (!startOnline) load()
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    const on = () => send({ type: 'ONLINE' })
    const off = () => send({ type: 'OFFLINE' })
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    detachWindow = () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
    }
  }
}

/** A real request never got a response. */
export function reportNetworkFailure(): void {
  send({ type: 'NETWORK_FAILED' })
}

/** A real request got a response (any status). */
export function reportSuccess(): void {
  send({ type: 'REQUEST_SUCCEEDED' })
}

export function getConnectivity(): Connectivity {
  start()
  return snapshot ?? { online: startOnline, since: startedAt }
}

export function isOnline(): boolean {
  return getConnectivity().online
}

export function subscribeConnectivity(listener: () => void): () => void {
  start()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Runs `listener` on every offline -> online transition. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener)
  return () => reconnectListeners.delete(listener)
}

/** How the offline state probes the API (the cache sets this: it refetches one observed key). */
export function setConnectivityProbe(fn: () => Promise<void>): void {
  probe = fn
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, getConnectivity, getConnectivity)
}

/** Loads the machine if it is not yet, and resolves once its actor runs (tests and diagnostics). */
export function connectivityReady(): Promise<void> {
  start()
  load()
  return loading ?? Promise.resolve()
}

/** Whether the machine's code has been asked for (tests: a first visit that stays online never does). */
export function connectivityMachineRequested(): boolean {
  return loading !== undefined || actor !== undefined
}

/** Tests only: stop the actor and forget every listener except reconnect ones registered by modules. */
export function resetConnectivity(): void {
  detachWindow?.()
  detachWindow = undefined
  actor?.stop()
  actor = undefined
  started = false
  loading = undefined
  epoch++
  queued = []
  snapshot = undefined
  listeners.clear()
}
