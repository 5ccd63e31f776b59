// Every handler of the mock API, for the three hosts: the browser worker (mocks/browser.ts), vitest
// (`setupServer(...handlers)` from msw/node) and the Node server behind `npm start` (mocks/server.ts).
import type { HttpHandler } from 'msw'
import { networkingHandlers } from './handlers/networking'
import { systemHandlers } from './handlers/system'

export const handlers: HttpHandler[] = [...networkingHandlers, ...systemHandlers]
