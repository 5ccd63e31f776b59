// A link that flaps, such as one endpoint failing at the connection level while the others answer,
// comes back with every other answer: re-reading everything on screen each time was a storm (the
// failing read sends it offline again at once; 600 requests in 20 s on the instances list). The
// first reconnect re-reads at once; reconnects that keep coming wait for a spacing that doubles
// (2 s ... 30 s), back to "at once" after a quiet minute. Loaded by revalidate.ts on a reconnect.

const RECONNECT_SPACING_MS = { first: 2_000, max: 30_000, quiet: 60_000 } as const
let lastRead = Number.NEGATIVE_INFINITY
let spacing = 0
let queued: ReturnType<typeof setTimeout> | undefined

/** Runs `read` now, or once the spacing since the last reconnect's read has passed. */
export function afterReconnect(read: () => unknown): void {
  if (queued !== undefined) return
  const since = Date.now() - lastRead
  if (since > RECONNECT_SPACING_MS.quiet) spacing = 0
  const run = () => {
    queued = undefined
    lastRead = Date.now()
    spacing = Math.min(RECONNECT_SPACING_MS.max, Math.max(RECONNECT_SPACING_MS.first, spacing * 2))
    void read()
  }
  const wait = spacing - since
  if (wait <= 0) run()
  else queued = setTimeout(run, wait)
}

/** Tests only: the next reconnect reads at once. */
export function resetReconnectPacing(): void {
  clearTimeout(queued)
  queued = undefined
  lastRead = Number.NEGATIVE_INFINITY
  spacing = 0
}
