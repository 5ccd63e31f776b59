import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'

export const DEMO_PASSWORD = 'oxide'
export type DemoUser = 'fleet-admin' | 'silo-viewer' | 'no-role'

/** Signs in through the real local-login endpoint; the session cookie lands in the page's context. */
export async function login(target: Page | APIRequestContext, user: DemoUser = 'fleet-admin') {
  const request = 'request' in target ? target.request : target
  const res = await request.post('/v1/login/default-silo/local', {
    data: { username: user, password: DEMO_PASSWORD },
  })
  expect(res.status(), `login as ${user}`).toBeLessThan(300)
}

/**
 * axe: zero serious or critical violations on the current page. Legacy mode runs axe in the page
 * itself; the default mode opens a second page to merge frame results, which costs seconds a run and
 * buys nothing here (the app has no iframes).
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'serious or critical axe violations',
  ).toEqual([])
}

/** The main region's headings never skip a level on the way down (h1 then h3 leaves a reader lost). */
export async function expectHeadingOrder(page: Page) {
  const levels = await page
    .getByRole('main')
    .getByRole('heading')
    .evaluateAll((hs) => hs.map((h) => Number(h.getAttribute('aria-level') ?? h.tagName.slice(1))))
  const skips = levels.flatMap((l, i) =>
    i > 0 && l > (levels[i - 1] ?? 0) + 1 ? [`h${levels[i - 1]} -> h${l}`] : [],
  )
  expect(levels[0], 'the first heading').toBe(1)
  expect(skips, `heading levels ${levels.join(' ')}`).toEqual([])
}

/** Fails the test on any Content-Security-Policy violation or uncaught page error. */
export function watchPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) errors.push(m.text())
  })
  return errors
}

/**
 * Holds (`hold: true`) or releases the mock's state transitions of the given resources, so a test
 * sees a transitional state (stopping, starting...) for as long as it needs, whatever the load.
 * Scoped to ids: tests share one mock server, and a global hold would stall the others.
 */
export async function holdTransitions(request: APIRequestContext, ids: string[], hold: boolean) {
  const res = await request.post('/__mock/transitions', { data: { hold, ids } })
  expect(res.status(), `${hold ? 'hold' : 'release'} transitions: ${await res.text()}`).toBe(200)
}

/**
 * The tag of a test that needs the service worker (offline reloads, the PWA itself). Other tests run
 * with workers blocked (playwright.config.ts): installing one precaches the whole app in every test.
 */
export const SW = { tag: '@sw' }

/** Waits until the PWA worker is activated and controls this page (ready alone may be early). */
export async function waitForServiceWorker(page: Page) {
  expect(test.info().tags, 'a test that waits for the service worker is tagged SW').toContain(SW.tag)
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration()
          return navigator.serviceWorker.controller !== null && reg?.active?.state === 'activated'
        }),
      { timeout: 20_000, message: 'the service worker controls the page' },
    )
    .toBe(true)
}

/**
 * A fresh instance of the test's own in mock-project (tests share one mock server: never touch the
 * seeded ones), 1 vCPU, 1 GiB, no disks or NICs; resolves with its id once it is `running` (start)
 * or `stopped`.
 */
export async function createInstance(
  request: APIRequestContext,
  name: string,
  { start, description = 'e2e instance' }: { start: boolean; description?: string },
): Promise<string> {
  const res = await request.post('/v1/instances?project=mock-project', {
    data: {
      name,
      description,
      hostname: name,
      ncpus: 1,
      memory: 1024 ** 3,
      anti_affinity_groups: [],
      auto_restart_policy: null,
      boot_disk: null,
      cpu_platform: null,
      disks: [],
      enable_jumbo_frames: false,
      external_ips: [],
      multicast_groups: [],
      network_interfaces: { type: 'none' },
      start,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id } = (await res.json()) as { id: string }
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/v1/instances/${id}`)).json()) as { run_state: string }).run_state,
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(start ? 'running' : 'stopped')
  return id
}

/**
 * A blank 1 GiB disk of the test's own in mock-project (tests share one mock server: the seeded disks
 * stay as they are); resolves with its id once it is `detached`.
 */
export async function createDisk(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/v1/disks?project=mock-project', {
    data: {
      name,
      description: 'e2e disk',
      size: 1024 ** 3,
      disk_backend: { type: 'distributed', disk_source: { type: 'blank', block_size: 4096 } },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id } = (await res.json()) as { id: string }
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/v1/disks/${id}`)).json()) as { state: { state: string } }).state.state,
    )
    .toBe('detached')
  return id
}

/**
 * A file for an input's setInputFiles, written to the test's output folder: given a path, Chromium
 * reads the file itself, where a buffer would cross the DevTools protocol as base64 (seconds for 8 MiB).
 */
export function fileOnDisk(name: string, bytes: Buffer): string {
  const path = test.info().outputPath(name)
  writeFileSync(path, bytes)
  return path
}

/**
 * The row of `table` whose cell reads exactly `name`. Never `hasText`: test data named `aa-image-2f…`
 * contains the demo name `image-2`.
 */
export const rowNamed = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name, exact: true }) })

/**
 * A silo of the test's own (sorted last, so no seeded silo leaves a first page), local-only so users
 * can be made in it, whose viewers are fleet viewers. Resolves with its id.
 */
export async function createViewerSilo(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/v1/system/silos', {
    data: {
      name,
      description: 'e2e silo',
      discoverable: true,
      identity_mode: 'local_only',
      quotas: { cpus: 0, memory: 0, storage: 0 },
      tls_certificates: [],
      mapped_fleet_roles: { viewer: ['viewer'] },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

/**
 * Signs `request`'s context in as a new viewer of `silo` (made by createViewerSilo): a fleet viewer by
 * the silo's mapping. The demo silo-viewer has no fleet role: the system pages are 403 to it.
 */
export async function signInAsFleetViewer(request: APIRequestContext, silo: string): Promise<void> {
  const password = `e2e-${randomBytes(8).toString('hex')}`
  const user = await request.post(`/v1/system/identity-providers/local/users?silo=${silo}`, {
    data: { external_id: 'viewer', password: { mode: 'password', value: password } },
  })
  expect(user.status(), await user.text()).toBe(201)
  const { id } = (await user.json()) as { id: string }
  const policy = await request.put(`/v1/system/silos/${silo}/policy`, {
    data: { role_assignments: [{ identity_id: id, identity_type: 'silo_user', role_name: 'viewer' }] },
  })
  expect(policy.status(), await policy.text()).toBe(200)
  const signIn = await request.post(`/v1/login/${silo}/local`, { data: { username: 'viewer', password } })
  expect(signIn.status(), await signIn.text()).toBeLessThan(300)
}
