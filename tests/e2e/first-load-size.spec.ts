// The first visit's script bytes on the wire (issue 11): a size check, never a timing. A fresh
// context (no HTTP cache, no service worker) signs in and opens the instances list; the encoded
// (compressed, as sent) lengths of the page's script responses are summed until the network is idle,
// exactly as `npm run bench` measures "first visit: scripts on the wire".
import { expect, test } from '@playwright/test'
import { MIN_COMPRESS_BYTES } from '../../src/server/precompress'
import { login } from './helpers'

const INSTANCES = '/projects/mock-project/instances'

/**
 * Issue 11's limit, in KB of compressed script: npm test fails when the first visit of the instances
 * list goes over it. It was a ratchet on the way down (228.3 KB when compression landed, 211.8 KB when
 * the tooltip stopped bringing ark's runtime); 146.6 KB measured since the first visit's code comes in
 * two chunks (the shell and the list kit), rows answer from tables asked of the machines without
 * loading xstate, and a screen loads only the response schemas of the operations it calls.
 */
const FIRST_LOAD_BUDGET_KB = 150

test('the instances list loads at most FIRST_LOAD_BUDGET_KB of compressed script on a first visit', async ({
  page,
  context,
}) => {
  await login(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const scripts = new Map<string, { url: string; encoding: string; length: number }>()
  let bytes = 0
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script') return
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    )
    scripts.set(e.requestId, {
      url: e.response.url,
      encoding: String(headers['content-encoding'] ?? ''),
      length: Number(headers['content-length'] ?? Number.NaN),
    })
  })
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) bytes += e.encodedDataLength
  })

  await page.goto(INSTANCES, { waitUntil: 'networkidle' })
  await expect(page.getByRole('cell', { name: 'db1', exact: true })).toBeVisible()

  const loaded = [...scripts.values()]
  expect(loaded.length, 'scripts loaded').toBeGreaterThan(0)
  // Every script came compressed (the server picked a precompressed sibling the browser accepts),
  // except the few under the size where compressing is not worth it.
  expect(
    loaded
      .filter((s) => s.encoding !== 'br' && s.encoding !== 'gzip' && !(s.length < MIN_COMPRESS_BYTES))
      .map((s) => s.url),
    'scripts sent without br or gzip',
  ).toEqual([])
  expect(loaded.filter((s) => s.encoding !== '').length).toBeGreaterThan(loaded.length / 2)
  const kb = bytes / 1000
  const encodings = [...new Set(loaded.map((s) => s.encoding || 'identity'))].join(', ')
  const summary = `${kb.toFixed(1)} KB of script in ${loaded.length} responses (${encodings})`
  test.info().annotations.push({ type: 'first-load', description: summary })
  console.log(`first load of ${INSTANCES}: ${summary}; budget ${FIRST_LOAD_BUDGET_KB} KB`)
  expect(kb, `compressed script on a first visit of ${INSTANCES}, in KB`).toBeLessThanOrEqual(
    FIRST_LOAD_BUDGET_KB,
  )
})
