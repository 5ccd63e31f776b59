// The one connectivity actor of the app. Real requests report their outcome here; the window's
// online/offline events feed it too. On offline -> online, reconnect listeners run (the cache
// revalidates every observed key).
import { useSyncExternalStore } from 'react'
import { type Actor, createActor, fromPromise } from 'xstate'
import { connectivityMachine } from '../machines/connectivity.machine'

export type Connectivity = { online: boolean; since: Date }

type ConnectivityActor = Actor<typeof connectivityMachine>

let actor: ConnectivityActor | undefined
let snapshot: Connectivity = { online: true, since: new Date() }
let probe: () => Promise<void> = () => Promise.reject(new Error('nothing to probe'))
const listeners = new Set<() => void>()
const reconnectListeners = new Set<() => void>()
let detachWindow: (() => void) | undefined

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine
}

function ensureActor(): ConnectivityActor {
  if (actor) return actor
  const a = createActor(
    connectivityMachine.provide({ actors: { probe: fromPromise<void>(() => probe()) } }),
    { input: { online: browserOnline() } },
  )
  actor = a
  a.subscribe((s) => {
    const online = s.matches('online')
    const was = snapshot.online
    if (online === was && s.context.since.getTime() === snapshot.since.getTime()) return
    snapshot = { online, since: s.context.since }
    for (const l of listeners) l()
    if (online && !was) for (const l of reconnectListeners) l()
  })
  a.start()
  const s = a.getSnapshot()
  snapshot = { online: s.matches('online'), since: s.context.since }
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    const on = () => a.send({ type: 'ONLINE' })
    const off = () => a.send({ type: 'OFFLINE' })
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    detachWindow = () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
    }
  }
  return a
}

/** A real request never got a response. */
export function reportNetworkFailure(): void {
  ensureActor().send({ type: 'NETWORK_FAILED' })
}

/** A real request got a response (any status). */
export function reportSuccess(): void {
  ensureActor().send({ type: 'REQUEST_SUCCEEDED' })
}

export function getConnectivity(): Connectivity {
  ensureActor()
  return snapshot
}

export function isOnline(): boolean {
  return getConnectivity().online
}

export function subscribeConnectivity(listener: () => void): () => void {
  ensureActor()
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

/** Tests only: stop the actor and forget every listener except reconnect ones registered by modules. */
export function resetConnectivity(): void {
  detachWindow?.()
  detachWindow = undefined
  actor?.stop()
  actor = undefined
  snapshot = { online: true, since: new Date() }
  listeners.clear()
}
