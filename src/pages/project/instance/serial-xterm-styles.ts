// xterm 6's DOM renderer puts its theme (colours, font, cursor, selection), its cell rule and its
// scrollbar colours in <style> elements that it creates during open() and rewrites later (a resize
// rewrites the cell rule). The app's CSP (style-src 'self', src/server/csp.ts) blocks every inline
// <style> and reports a violation, leaving the terminal without its theme. Constructed stylesheets
// are not inline style in CSP's sense (xterm.js PR 4611 took the same way upstream), so while xterm
// opens, each <style> it asks for becomes an inert stand-in whose text feeds a constructed sheet
// adopted by the document. Nothing else runs during open(), and the override is removed right after.

type StyleStandIn = { sheets: CSSStyleSheet[] }

/**
 * Runs `open` (xterm's `terminal.open(el)`) so the style elements xterm creates become constructed
 * stylesheets; returns a function that removes those sheets (call it after disposing the terminal).
 */
export function openWithConstructedStyles(doc: Document, open: () => void): () => void {
  const made: StyleStandIn = { sheets: [] }
  const original = doc.createElement
  const own = Object.getOwnPropertyDescriptor(doc, 'createElement')
  const createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
    if (String(tag).toLowerCase() !== 'style') return original.call(this, tag, options)
    const sheet = new doc.defaultView!.CSSStyleSheet()
    made.sheets.push(sheet)
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
    // A <template> is never rendered and stays out of the accessibility tree; xterm only appends it,
    // sets its textContent and removes it.
    const standIn = original.call(this, 'template')
    let text = ''
    Object.defineProperty(standIn, 'textContent', {
      configurable: true,
      get: () => text,
      set: (value: unknown) => {
        text = value == null ? '' : String(value)
        sheet.replaceSync(text)
      },
    })
    return standIn
  }
  Object.defineProperty(doc, 'createElement', { configurable: true, writable: true, value: createElement })
  try {
    open()
  } finally {
    if (own) Object.defineProperty(doc, 'createElement', own)
    else delete (doc as { createElement?: unknown }).createElement
  }
  return () => {
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => !made.sheets.includes(s))
  }
}
