// Precedence of semantic versions (semver.org 2.0.0, section 11), for the system update screen's
// downgrade check and the mock API's (mocks/handlers/update.ts), which both refuse a target release
// older than the current one, and for listing TUF repositories by version. Plain string order gets
// this wrong (`10.0.0` sorts before `9.0.0`, `1.0.0-rc.1` after `1.0.0`).

type Parsed = { core: [bigint, bigint, bigint]; pre: string[] }

// Lenient on purpose: callers pass versions the API already validated, so anything that does not
// parse is ordered by its text after every version that does, instead of throwing.
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]*)?$/

function parse(v: string): Parsed | undefined {
  const m = VERSION.exec(v.trim())
  if (!m) return undefined
  return {
    core: [BigInt(m[1] as string), BigInt(m[2] as string), BigInt(m[3] as string)],
    pre: m[4] ? m[4].split('.') : [],
  }
}

const NUMERIC = /^\d+$/

/** One pre-release identifier against another: numeric ones numerically, and below alphanumeric ones. */
function compareIdentifier(a: string, b: string): number {
  const an = NUMERIC.test(a)
  const bn = NUMERIC.test(b)
  if (an && bn) {
    const x = BigInt(a)
    const y = BigInt(b)
    return x < y ? -1 : x > y ? 1 : 0
  }
  if (an) return -1
  if (bn) return 1
  // ASCII order, as the spec says (not the locale's).
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Negative when `a` has lower precedence than `b`, positive when higher, 0 when equal (build metadata,
 * after `+`, is ignored, so `1.0.0+a` and `1.0.0+b` are equal).
 */
export function compareVersions(a: string, b: string): number {
  const x = parse(a)
  const y = parse(b)
  if (!x || !y) {
    if (x) return -1
    if (y) return 1
    return a < b ? -1 : a > b ? 1 : 0
  }
  for (let i = 0; i < 3; i++) {
    const p = x.core[i] as bigint
    const q = y.core[i] as bigint
    if (p !== q) return p < q ? -1 : 1
  }
  // A pre-release version has lower precedence than the release of the same core.
  if (x.pre.length === 0 && y.pre.length === 0) return 0
  if (x.pre.length === 0) return 1
  if (y.pre.length === 0) return -1
  const n = Math.min(x.pre.length, y.pre.length)
  for (let i = 0; i < n; i++) {
    const c = compareIdentifier(x.pre[i] as string, y.pre[i] as string)
    if (c !== 0) return c
  }
  // All shared identifiers equal: the larger set wins.
  return x.pre.length === y.pre.length ? 0 : x.pre.length < y.pre.length ? -1 : 1
}
