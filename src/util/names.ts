// Generated resource names (spec section 5): parts are truncated so that the joined name, a hyphen
// and a 6-character random hex suffix total at most 63 characters (the resource name limit).

export const MAX_NAME_LENGTH = 63
const SUFFIX_LENGTH = 6

function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2))
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length)
}

/**
 * Joins `parts` with hyphens and appends `-xxxxxx`. When too long, the longest parts are shortened
 * first (one character at a time), so every part keeps as much of itself as it can.
 */
export function generateName(parts: string[], suffix: string = randomHex(SUFFIX_LENGTH)): string {
  const budget = MAX_NAME_LENGTH - SUFFIX_LENGTH - 1 // room for the joined parts
  const kept = parts.filter((p) => p.length > 0).map((p) => p.slice())
  const joinedLength = () => kept.reduce((n, p) => n + p.length, 0) + Math.max(0, kept.length - 1)
  while (joinedLength() > budget) {
    let longest = 0
    for (let i = 1; i < kept.length; i++)
      if ((kept[i] as string).length > (kept[longest] as string).length) longest = i
    const part = kept[longest] as string
    if (part.length <= 1) {
      kept.splice(longest, 1)
    } else {
      kept[longest] = part.slice(0, -1)
    }
  }
  // A name must not end with a hyphen before the suffix or contain doubled hyphens from truncation.
  const base = kept
    .map((p) => p.replace(/-+$/, ''))
    .filter(Boolean)
    .join('-')
  return base ? `${base}-${suffix}` : suffix
}
