// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { openWithConstructedStyles } from './serial-xterm-styles'

// jsdom constructs stylesheets but has no adoptedStyleSheets: a plain property stands in for it.
beforeEach(() => {
  Object.defineProperty(document, 'adoptedStyleSheets', { configurable: true, writable: true, value: [] })
  document.body.replaceChildren()
})

/** What xterm's Viewport and DomRenderer do with their style elements during open(). */
function xtermLikeOpen(host: HTMLElement): HTMLElement {
  const style = document.createElement('style')
  host.appendChild(style)
  style.textContent = '.xterm-rows { color: rgb(1, 2, 3); }'
  return style
}

describe('openWithConstructedStyles', () => {
  it('puts no <style> element in the page and moves its rules to an adopted sheet', () => {
    const host = document.body.appendChild(document.createElement('div'))
    let created: HTMLElement | undefined
    openWithConstructedStyles(document, () => {
      created = xtermLikeOpen(host)
    })
    expect(document.querySelectorAll('style')).toHaveLength(0)
    expect(host.textContent).toBe('')
    const sheets = document.adoptedStyleSheets
    expect(sheets).toHaveLength(1)
    expect(sheets[0]?.cssRules[0]?.cssText).toContain('.xterm-rows')

    // A later rewrite (a resize) replaces the sheet's rules, still without a <style> element.
    created!.textContent = '.xterm-rows span { display: inline-block; }'
    expect(sheets[0]?.cssRules).toHaveLength(1)
    expect(sheets[0]?.cssRules[0]?.cssText).toContain('inline-block')
    expect(document.querySelectorAll('style')).toHaveLength(0)
  })

  it('leaves createElement as it was once open returns, or throws', () => {
    const before = document.createElement
    openWithConstructedStyles(document, () => undefined)
    expect(document.createElement).toBe(before)
    expect(Object.hasOwn(document, 'createElement')).toBe(false)
    expect(() =>
      openWithConstructedStyles(document, () => {
        throw new Error('open failed')
      }),
    ).toThrow('open failed')
    expect(Object.hasOwn(document, 'createElement')).toBe(false)
    expect(document.createElement('style').tagName).toBe('STYLE')
  })

  it('creates other elements normally during open', () => {
    openWithConstructedStyles(document, () => {
      expect(document.createElement('div').tagName).toBe('DIV')
    })
  })

  it('removes only its own sheets when cleaned up', () => {
    const other = new CSSStyleSheet()
    document.adoptedStyleSheets = [other]
    const cleanup = openWithConstructedStyles(document, () => {
      xtermLikeOpen(document.body)
      xtermLikeOpen(document.body)
    })
    expect(document.adoptedStyleSheets).toHaveLength(3)
    cleanup()
    expect(document.adoptedStyleSheets).toEqual([other])
  })
})
