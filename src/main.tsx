import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { prepareFirstRoute, Root } from './App'
import { startApp } from './bootstrap'
import { initTheme } from './theme'

initTheme()

// In mock mode (`npm run dev`, the mock build) the msw worker must serve the API before the first
// request; otherwise the PWA service worker registers (never both: TOOLCHAIN.md). Then the first
// route's page code, waited for briefly, so the page never commits a fallback first (see pageFor in
// App.tsx); its cached rows are read in the meantime. A promise chain, not a top-level await: this
// module shares the first-visit chunk with what every page imports, and a page's chunk would wait
// for a pending top-level await of that chunk before it could run (src/server/build.ts).
void startApp()
  .then(() => prepareFirstRoute(800))
  .then(() => {
    const root = document.getElementById('root')
    if (!root) throw new Error('no #root element')
    createRoot(root).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    )
  })
