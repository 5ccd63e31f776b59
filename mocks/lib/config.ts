// Runtime knobs of the mock (spec section 7, "Mock mode"): the per-request delay (200-400 ms by
// default), the chaos rate (unset by default) and a time scale for state timers so tests need not
// wait seconds. Node reads them from the environment; the browser from `?chaos=` / localStorage.

export type MockConfig = {
  /** Inclusive delay range in ms for every /v1/* request. */
  delay: [number, number]
  /** Share of /v1/* requests that fail with a random error status, 0 = never. */
  chaos: number
  /** Multiplier for state-transition timers (0.01 turns 3 s into 30 ms). */
  timeScale: number
}

const env: Record<string, string | undefined> =
  typeof process !== 'undefined' && process.env ? process.env : ({} as Record<string, string | undefined>)

export function parseDelay(s: string | undefined): [number, number] | undefined {
  const m = s?.trim().match(/^(\d+)(?:-(\d+))?$/)
  if (!m) return undefined
  const min = Number(m[1])
  const max = m[2] === undefined ? min : Number(m[2])
  return [Math.min(min, max), Math.max(min, max)]
}

function parseRate(s: string | null | undefined): number {
  const n = Number(s)
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1) : 0
}

function browserChaos(): number {
  if (typeof window === 'undefined') return 0
  try {
    const fromQuery = new URLSearchParams(window.location.search).get('chaos')
    if (fromQuery !== null) return parseRate(fromQuery)
    return parseRate(window.localStorage?.getItem('mock-chaos'))
  } catch {
    return 0
  }
}

export const mockConfig: MockConfig = {
  delay: parseDelay(env.MOCK_DELAY_MS) ?? [200, 400],
  chaos: env.CHAOS !== undefined ? parseRate(env.CHAOS) : browserChaos(),
  timeScale:
    env.MOCK_TIME_SCALE !== undefined && Number(env.MOCK_TIME_SCALE) >= 0 ? Number(env.MOCK_TIME_SCALE) : 1,
}

/** Override knobs (tests, the server's options). */
export function configureMock(patch: Partial<MockConfig>): void {
  Object.assign(mockConfig, patch)
}
