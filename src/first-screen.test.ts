// @vitest-environment jsdom
// The service worker waits for the first screen: firstScreenPainted resolves only once the app has
// rendered, nothing is aria-busy, and that state has been through a frame.
import { afterEach, describe, expect, it } from 'vitest'
import { firstScreenPainted } from './first-screen'

const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(() => r(undefined)))
}

function track(p: Promise<void>) {
  const state = { done: false }
  void p.then(() => {
    state.done = true
  })
  return state
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('firstScreenPainted', () => {
  it('waits while the app has not rendered, then while a region is loading', async () => {
    document.body.innerHTML = '<div id="root"></div>'
    const state = track(firstScreenPainted(window, 60_000))
    await frames(4)
    expect(state.done).toBe(false)

    const root = document.getElementById('root') as HTMLElement
    root.innerHTML = '<main><div role="status" aria-busy="true">Loading page</div></main>'
    await frames(4)
    expect(state.done, 'a skeleton is not the first screen').toBe(false)

    // The skeleton gives way to a table skeleton: still loading.
    root.innerHTML = '<main><table aria-label="Instances" aria-busy="true"></table></main>'
    await frames(4)
    expect(state.done).toBe(false)

    root.querySelector('table')?.removeAttribute('aria-busy')
    await expect.poll(() => state.done).toBe(true)
  })

  it('waits again for a screen that turned busy while it waited for the main thread to be idle', async () => {
    document.body.innerHTML = '<div id="root"><table aria-label="Instances"></table></div>'
    // The idle callback the page asked for, run when the test says the main thread is idle.
    const asked: { idle?: (() => void) | undefined } = {}
    const runIdle = () => {
      const cb = asked.idle
      delete asked.idle
      cb?.()
    }
    const win = {
      document,
      requestAnimationFrame: (cb: FrameRequestCallback) => window.requestAnimationFrame(cb),
      requestIdleCallback: (cb: () => void) => {
        asked.idle = cb
        return 0
      },
      setTimeout: (cb: () => void, ms: number) => window.setTimeout(cb, ms),
      clearTimeout: (id: number) => window.clearTimeout(id),
      addEventListener: () => {},
    } as unknown as Window
    const state = track(firstScreenPainted(win, 60_000))
    await expect.poll(() => asked.idle).toBeDefined()
    // A revalidation starts before the idle callback runs: the screen is loading again.
    const table = document.querySelector('table') as HTMLElement
    table.setAttribute('aria-busy', 'true')
    runIdle()
    await frames(4)
    expect(state.done, 'a screen busy again after the idle wait is not settled').toBe(false)

    table.removeAttribute('aria-busy')
    await expect.poll(() => asked.idle).toBeDefined()
    expect(state.done).toBe(false)
    runIdle()
    await expect.poll(() => state.done).toBe(true)
  })

  it('resolves for a screen that has already settled', async () => {
    document.body.innerHTML = '<div id="root"><h1>Projects</h1></div>'
    await expect(firstScreenPainted(window, 60_000)).resolves.toBeUndefined()
  })

  it('does not wait for a button that is busy refreshing a painted list', async () => {
    document.body.innerHTML =
      '<div id="root"><button aria-label="Refresh" aria-busy="true"></button><table aria-label="Instances"></table></div>'
    await expect(firstScreenPainted(window, 60_000)).resolves.toBeUndefined()
  })

  it('gives up waiting for a screen that never settles', async () => {
    document.body.innerHTML = '<div id="root"><div aria-busy="true"></div></div>'
    await expect(firstScreenPainted(window, 50)).resolves.toBeUndefined()
  })
})
