// The serial console page's decisions, kept pure: where the stream is, whether the instance's state
// allows a console (asked of the instance machine, spec section 4), what the connection status says,
// and how bytes cross between the websocket and the terminal.
import { allowedInstanceActions } from '../../../../machines/instance.machine'
import type { Instance } from '../../../api/types'
import { T } from '../../../strings'

/**
 * How much of the instance's recent output the stream replays on connect (the API's `most_recent`,
 * in bytes): enough for a boot log's tail, so a reconnect shows what happened meanwhile.
 */
export const SERIAL_MOST_RECENT = 256 * 1024

/**
 * The stream's URL on the page's own origin (the server passes the upgrade to the mock or API_URL),
 * so the CSP's connect-src 'self' covers it; wss on an https page.
 */
export function serialStreamUrl(
  location: { protocol: string; host: string },
  ref: { project: string; instance: string },
  mostRecent: number = SERIAL_MOST_RECENT,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  const query = new URLSearchParams({ project: ref.project, most_recent: String(mostRecent) })
  return `${scheme}//${location.host}/v1/instances/${encodeURIComponent(ref.instance)}/serial-console/stream?${query}`
}

/**
 * Why the instance's state allows no console, or null when it does. The machine's table decides
 * (running, rebooting, migrating or repairing); the message names the usual way back: running.
 */
export function consoleRefusal(instance: Pick<Instance, 'name' | 'runState'>): string | null {
  if (allowedInstanceActions(instance.runState).includes('SERIAL_CONSOLE')) return null
  return `The serial console is available when the instance is running. ${instance.name} is ${instance.runState}.`
}

export type SerialStatus =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'disconnected'; reason: string }

export const STATUS_LABEL: Record<SerialStatus['kind'], string> = {
  connecting: 'Connecting',
  connected: 'Connected',
  disconnected: 'Disconnected',
}

/** The status line as one sentence (also what a screen reader hears when it changes). */
export function statusText(status: SerialStatus): string {
  const label = STATUS_LABEL[status.kind]
  return status.kind === 'disconnected' ? `${label}: ${status.reason}` : label
}

/** RFC 6455 close codes the page explains. */
const NORMAL_CLOSURE = 1000
const GOING_AWAY = 1001
const INTERNAL_ERROR = 1011

/**
 * Why the stream ended, in words. A browser learns nothing of a refused upgrade (401, 403, 404 all
 * arrive as 1006 before `open`), so "could not connect" is all that can honestly be said then. The
 * server's close reason is shown as plain text when it gave one.
 */
export function closeReason(
  close: { code: number; reason: string },
  ctx: { opened: boolean; online: boolean },
): string {
  if (!ctx.online) return T.offline
  const reason = close.reason.trim()
  if (reason) return reason
  if (!ctx.opened) return 'Could not connect to the serial console'
  switch (close.code) {
    case NORMAL_CLOSURE:
      return 'The serial console closed the connection'
    case GOING_AWAY:
      return 'The server is going away'
    case INTERNAL_ERROR:
      return 'The serial console failed'
    default:
      return 'The connection was lost'
  }
}

/**
 * A frame's bytes for the terminal. The stream sends binary frames; a text frame (a proxy that
 * re-frames) is encoded so it reaches the terminal the same way. Either way xterm gets terminal
 * data, which it draws as text, never as markup.
 */
export function frameBytes(data: unknown): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  if (typeof data === 'string') return new TextEncoder().encode(data)
  return new Uint8Array(0)
}

/** Typed input (xterm's onData: a UTF-16 string) as the UTF-8 bytes the guest reads. */
export function inputBytes(data: string): Uint8Array {
  return new TextEncoder().encode(data)
}

/** xterm's onBinary data (mouse reports): one byte per char code, not UTF-8. */
export function binaryBytes(data: string): Uint8Array {
  return Uint8Array.from(data, (c) => c.charCodeAt(0) & 0xff)
}
