// Every handler of the mock API, for the three hosts: the browser worker (mocks/browser.ts), vitest
// (`setupServer(...handlers)` from msw/node) and the Node server behind `npm start` (mocks/server.ts).
import type { HttpHandler } from 'msw'
import { instanceHandlers } from './handlers/instances'
import { networkingHandlers } from './handlers/networking'
import { projectHandlers } from './handlers/projects'
import { sessionHandlers } from './handlers/session'
import { siloHandlers } from './handlers/silo'
import { storageHandlers } from './handlers/storage'
import { systemHandlers } from './handlers/system'
import { testHookHandlers } from './handlers/test-hooks'
import { updateHandlers } from './handlers/update'

/** The API handlers (operations of the contract). */
export const apiHandlers: HttpHandler[] = [
  ...sessionHandlers,
  ...siloHandlers,
  ...projectHandlers,
  ...instanceHandlers,
  ...storageHandlers,
  ...networkingHandlers,
  ...systemHandlers,
  ...updateHandlers,
]

/** API handlers plus the /__mock test hooks (reset, disk hash). */
export const handlers: HttpHandler[] = [...apiHandlers, ...testHookHandlers]

export { registry } from './lib/handle'
