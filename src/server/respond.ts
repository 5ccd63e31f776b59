// Answers the server itself makes (as opposed to files or API answers it passes on). Bodies use the
// API's error shape (`request_id`, `message`, optional `error_code`), so the app reads them like any
// API error, and their messages are fixed: nothing from a request, an upstream or an exception text
// ever reaches the client.
import { randomUUID } from 'node:crypto'
import { type ServerResponse, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { API_CSP_HEADER } from './csp'

export const NOSNIFF = 'nosniff'

/** Fixed messages of the answers the server makes itself. */
export const MESSAGES = {
  400: 'Bad request target',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Request body is too large',
  431: 'Too many request headers',
  500: 'Internal Server Error',
  502: 'The API could not be reached',
  503: 'The app is not built',
  504: 'The API did not answer in time',
} as const

export type OwnStatus = keyof typeof MESSAGES

/**
 * A JSON error answer. `close` ends the connection after it: used when the request body is left
 * unread (a refused upload), so the client cannot keep streaming into a kept-alive socket.
 */
export function sendError(
  res: ServerResponse,
  status: OwnStatus,
  opts: { close?: boolean; headers?: Record<string, string> } = {},
): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const body = JSON.stringify({
    request_id: randomUUID(),
    ...(status === 404 ? { error_code: 'Not Found' } : {}),
    message: MESSAGES[status],
  })
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': NOSNIFF,
    // A JSON answer of the server's own, on an API path or not: nothing in it may run as a page.
    'Content-Security-Policy': API_CSP_HEADER,
    'Cache-Control': 'no-store',
    ...(opts.close ? { Connection: 'close' } : {}),
    ...opts.headers,
  })
  res.end(body)
}

/** Refuse a websocket upgrade (or answer a raw socket) with a bodiless status and close it. */
export function rejectSocket(socket: Duplex, status: number): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const code = STATUS_CODES[status] ? status : 502
  socket.end(
    `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nConnection: close\r\nContent-Length: 0\r\n` +
      `X-Content-Type-Options: ${NOSNIFF}\r\n\r\n`,
  )
  // A client that never reads would keep a half-closed socket: give it a moment, then drop it.
  setTimeout(() => socket.destroy(), 1000).unref()
}
