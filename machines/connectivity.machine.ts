// Connectivity: is the API reachable? Fed by the window's online/offline events and by the outcome of
// real requests (a network failure means offline even when the browser claims to be online; any
// response, even an HTTP error, means online). Pure logic: the probe and the clock are injected.
import { assign, fromPromise, setup } from 'xstate'

export type ConnectivityEvent =
  | { type: 'ONLINE' } // window 'online'
  | { type: 'OFFLINE' } // window 'offline'
  | { type: 'NETWORK_FAILED' } // a real request never got a response
  | { type: 'REQUEST_SUCCEEDED' } // a real request got a response

export type ConnectivityContext = {
  /** When the current state (online or offline) began. */
  since: Date
  /** What the browser last said (navigator.onLine / window events). */
  browserOnline: boolean
  /** Failed probes in a row while offline (backoff). */
  attempts: number
  now: () => Date
}

export type ConnectivityInput = { online?: boolean; now?: () => Date }

/** Delay before the next probe while offline: 2 s, 4 s, 8 s ... capped at 30 s. */
export function probeDelay(attempts: number): number {
  return Math.min(30_000, 2_000 * 2 ** attempts)
}

export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    input: {} as ConnectivityInput,
  },
  actors: {
    // Provided by the host: make one real request; resolve when it got a response, reject otherwise.
    probe: fromPromise<void>(async () => {
      throw new Error('no probe provided')
    }),
  },
  guards: {
    browserOnline: ({ context }) => context.browserOnline,
  },
  delays: {
    retry: ({ context }) => probeDelay(context.attempts),
  },
  actions: {
    stamp: assign({ since: ({ context }) => context.now(), attempts: 0 }),
    browserOn: assign({ browserOnline: true }),
    browserOff: assign({ browserOnline: false }),
    backoff: assign({ attempts: ({ context }) => context.attempts + 1 }),
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => {
    const now = input.now ?? (() => new Date())
    return { since: now(), browserOnline: input.online ?? true, attempts: 0, now }
  },
  initial: 'init',
  states: {
    init: {
      always: [{ guard: 'browserOnline', target: 'online' }, { target: 'offline' }],
    },
    online: {
      on: {
        OFFLINE: { target: 'offline', actions: ['browserOff', 'stamp'] },
        NETWORK_FAILED: { target: 'offline', actions: 'stamp' },
        ONLINE: { actions: 'browserOn' },
      },
    },
    offline: {
      initial: 'waiting',
      on: {
        ONLINE: { target: 'online', actions: ['browserOn', 'stamp'] },
        REQUEST_SUCCEEDED: { target: 'online', actions: 'stamp' },
        OFFLINE: { target: '.waiting', actions: 'browserOff' },
      },
      states: {
        // While the browser says it is online but requests fail, probe now and then (with backoff);
        // while the browser says offline, wait for its 'online' event instead.
        waiting: {
          after: { retry: { guard: 'browserOnline', target: 'probing' } },
        },
        probing: {
          invoke: {
            src: 'probe',
            onDone: { target: '#connectivity.online', actions: 'stamp' },
            onError: { target: 'waiting', actions: 'backoff' },
          },
        },
      },
    },
  },
})
