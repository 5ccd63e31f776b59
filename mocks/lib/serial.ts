// The mocked serial console (spec section 7, "Mock mode"): a greeting after 1 second, input echoed,
// Enter (\r) answered with a newline (\r\n). Shared by the Node server's websocket and the browser
// worker's websocket handler. Frames are binary, as on the real stream.

export const SERIAL_GREETING_DELAY_MS = 1000
export const SERIAL_GREETING = 'Connected to the mock serial console. Type to see it echoed.\r\n'

/** Matches the serial-console stream path and captures the instance selector. */
export const SERIAL_STREAM_PATH = /^\/v1\/instances\/([^/]+)\/serial-console\/stream$/

/** The console's answer to input bytes: the same bytes, with each \r turned into \r\n. */
export function serialReply(input: Uint8Array): Uint8Array {
  const out: number[] = []
  for (const b of input) {
    if (b === 0x0d) out.push(0x0d, 0x0a)
    else out.push(b)
  }
  return Uint8Array.from(out)
}

export function toBytes(data: unknown): Uint8Array {
  if (typeof data === 'string') return new TextEncoder().encode(data)
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  if (Array.isArray(data)) return Uint8Array.from(data as number[])
  return new Uint8Array(0)
}
