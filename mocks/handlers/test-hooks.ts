// Test hooks outside the API (under /__mock): re-seed the database, read back the bytes a bulk import
// wrote, and hold or release state transitions. The Node server serves them only in mock mode, never
// when proxying to a real API; and the mock answers them only in test runs or to a fleet admin
// (lib/hooks.ts), else 404 as for an unknown path.
import { type HttpHandler, HttpResponse } from 'msw'
import { resetDb } from '../db'
import { testHook } from '../lib/hooks'
import { randomId } from '../lib/ids'
import { holdState, holdTransitions } from '../lib/timers'
import { diskHashHandler } from './storage'

function badHookRequest(message: string): Response {
  return HttpResponse.json({ request_id: randomId(), message }, { status: 400 })
}

async function readHold(request: Request): Promise<{ hold: boolean; ids?: string[] } | string> {
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? ''))
    return 'expected content type "application/json"'
  let body: unknown
  try {
    body = JSON.parse(await request.text())
  } catch (e) {
    return `unable to parse JSON body: ${(e as Error).message}`
  }
  const b = body as { hold?: unknown; ids?: unknown } | null
  if (typeof b !== 'object' || b === null || typeof b.hold !== 'boolean')
    return 'body must be { "hold": true | false, "ids"?: string[] }'
  if (b.ids !== undefined && !(Array.isArray(b.ids) && b.ids.every((x) => typeof x === 'string')))
    return '"ids" must be an array of resource ids'
  return { hold: b.hold, ...(b.ids ? { ids: b.ids as string[] } : {}) }
}

export const testHookHandlers: HttpHandler[] = [
  testHook('post', '/__mock/reset', () => {
    resetDb()
    return new HttpResponse(null, { status: 204 })
  }),
  diskHashHandler,
  // `{ "hold": true }` parks every transitional state (starting, stopping, rebooting, creating,
  // attaching, finalizing...) where it is; `{ "hold": true, "ids": [id] }` only those resources'.
  // `{ "hold": false }` (optionally with `ids`) releases, and the parked steps complete at once.
  // Answers the hold state: `{ hold_all, held, parked }`.
  testHook('post', '/__mock/transitions', async ({ request }) => {
    const body = await readHold(request)
    if (typeof body === 'string') return badHookRequest(body)
    return HttpResponse.json(holdTransitions(body.hold, body.ids))
  }),
  // The hold state alone: a test waits for `parked` to know a held step came due.
  testHook('get', '/__mock/transitions', () => HttpResponse.json(holdState())),
]
