// Deterministic identifiers and timestamps for seed data, so every start yields the same rows (other
// tests depend on them). Resources created at runtime get random UUIDs.

/** A stable v4-shaped UUID derived from a key (cyrb128-style string hash). */
export function uuidFor(key: string): string {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < key.length; i++) {
    const k = key.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  const hex = [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1]
    .map((n) => (n >>> 0).toString(16).padStart(8, '0'))
    .join('')
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export function randomId(): string {
  return globalThis.crypto.randomUUID()
}

/** Seed timestamps count from a fixed instant so they are the same on every start. */
export const SEED_EPOCH = Date.parse('2025-06-01T12:00:00.000Z')

export function seedTime(minutesAfterEpoch = 0): string {
  return new Date(SEED_EPOCH + minutesAfterEpoch * 60_000).toISOString()
}

export function now(): string {
  return new Date().toISOString()
}
