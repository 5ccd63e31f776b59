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

  it('resolves for a screen that has already settled', async () => {
    document.body.innerHTML = '<div id="root"><h1>Projects</h1></div>'
    await expect(firstScreenPainted(window, 60_000)).resolves.toBeUndefined()
  })

  it('gives up waiting for a screen that never settles', async () => {
    document.body.innerHTML = '<div id="root"><div aria-busy="true"></div></div>'
    await expect(firstScreenPainted(window, 50)).resolves.toBeUndefined()
  })
})
