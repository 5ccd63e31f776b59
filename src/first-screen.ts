// When the first screen has painted: the moment the service worker may start installing (src/pwa.ts).
// Installing downloads the whole precache, which on a slow link would otherwise compete with the
// page's own chunks and API calls for the same bandwidth and push the first paint back by seconds; so
// bootstrap waits for this before it even loads the registration code (workbox-window).

/** A page that never settles (a spinner that stays) still gets its worker after this long. */
export const FIRST_SCREEN_MAX_WAIT_MS = 30_000

/**
 * Loading regions say so with aria-busy (PageSkeleton, the table skeleton): not painted yet. A busy
 * button is not one: a list's Refresh is busy during each background revalidation (every 3 s while
 * an instance is starting), which would otherwise hold the worker back until FIRST_SCREEN_MAX_WAIT_MS.
 */
function settled(doc: Document): boolean {
  const root = doc.getElementById('root')
  return !!root && root.childElementCount > 0 && doc.querySelector('[aria-busy="true"]:not(button)') === null
}

function loaded(win: Window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }))
}

/** The next frame after this one: by then the frame that showed the current DOM has been painted. */
function painted(win: Window): Promise<void> {
  return new Promise((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve())))
}

function idle(win: Window): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(() => resolve(), { timeout: 2000 })
    else win.setTimeout(resolve, 0)
  })
}

/** Resolves when the DOM is settled (`settled`), or after `maxWaitMs` whatever the DOM says. */
function whenSettled(win: Window, maxWaitMs: number): Promise<void> {
  const doc = win.document
  if (settled(doc)) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect()
      win.clearTimeout(timer)
      resolve()
    }
    const observer = new MutationObserver(() => {
      if (settled(doc)) done()
    })
    observer.observe(doc.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    })
    const timer = win.setTimeout(done, maxWaitMs)
  })
}

/**
 * Resolves once the first screen has painted: the page has loaded, the app has rendered and nothing
 * on screen is still loading (aria-busy), that state has reached the screen, and the main thread is
 * idle. A screen that turns busy again before its frame is painted (a skeleton replaced by another)
 * or while the main thread was still busy (up to 2 s on a loaded machine) is waited for again, so the
 * caller acts on a screen that is settled at the moment this resolves.
 */
export async function firstScreenPainted(
  win: Window = window,
  maxWaitMs: number = FIRST_SCREEN_MAX_WAIT_MS,
): Promise<void> {
  const deadline = Date.now() + maxWaitMs
  const stillBusy = () => !settled(win.document) && Date.now() < deadline
  await loaded(win)
  for (;;) {
    await whenSettled(win, Math.max(0, deadline - Date.now()))
    await painted(win)
    if (stillBusy()) continue
    await idle(win)
    if (!stillBusy()) return
  }
}
