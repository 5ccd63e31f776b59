// Mock mode in the browser: the msw service worker (public/mockServiceWorker.js) answers API calls
// with the same handlers as the Node server, and the serial console websocket is mocked too.
// Requests the mock does not know (app assets) go to the network.
import { ws } from 'msw'
import { setupWorker } from 'msw/browser'
import { handlers } from './handlers'
import { SERIAL_GREETING, SERIAL_GREETING_DELAY_MS, serialReply, toBytes } from './lib/serial'

const serialConsole = ws.link(/\/v1\/instances\/[^/]+\/serial-console\/stream/)

const serialHandler = serialConsole.addEventListener('connection', ({ client }) => {
  const greet = setTimeout(
    () => client.send(new TextEncoder().encode(SERIAL_GREETING)),
    SERIAL_GREETING_DELAY_MS,
  )
  client.addEventListener('message', async (event) => {
    const data: unknown = event.data
    const bytes = data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : toBytes(data)
    client.send(serialReply(bytes))
  })
  client.addEventListener('close', () => clearTimeout(greet))
})

export async function startMockWorker(): Promise<ReturnType<typeof setupWorker>> {
  const worker = setupWorker(...handlers, serialHandler)
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  })
  return worker
}
