// @vitest-environment node
// One CSP: the meta tag the build writes and the header the server sends agree on every directive
// they share, and the header adds only what a meta tag cannot carry. The production bundle has no
// mock worker.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dropMockWorker, MOCK_WORKER_FILE } from './build'
import { CSP_HEADER, CSP_HEADER_ONLY_DIRECTIVES, cspDirectives, withCspMeta } from './csp'
import { startAppServer } from './http'
import { fixtureDist } from './test-support'

const indexHtml = readFileSync(new URL('../../index.html', import.meta.url), 'utf8')

function metaPolicy(html: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]+)" \/>/.exec(html)
  if (!m?.[1]) throw new Error('no CSP meta tag')
  return m[1]
}

describe('one Content-Security-Policy', () => {
  it('the header is the production meta policy plus header-only directives, equal where they overlap', () => {
    const meta = cspDirectives(metaPolicy(withCspMeta(indexHtml, 'production')))
    const header = cspDirectives(CSP_HEADER)
    const headerOnly = [...cspDirectives(CSP_HEADER_ONLY_DIRECTIVES.join(';')).keys()]
    for (const [name, directive] of meta) expect(header.get(name), name).toBe(directive)
    expect([...header.keys()].filter((name) => !meta.has(name)).sort()).toEqual(headerOnly.sort())
    // Browsers ignore it in a meta tag: it must not pretend to be there.
    expect(meta.has('frame-ancestors')).toBe(false)
    expect(header.get('frame-ancestors')).toBe("frame-ancestors 'none'")
  })

  it('production forbids inline scripts and eval; only the mock build adds eval, nothing else', () => {
    const prod = cspDirectives(metaPolicy(withCspMeta(indexHtml, 'production')))
    const mock = cspDirectives(metaPolicy(withCspMeta(indexHtml, 'mock')))
    expect(prod.get('script-src')).toBe("script-src 'self'")
    expect(mock.get('script-src')).toBe("script-src 'self' 'unsafe-eval'")
    for (const [name, directive] of prod)
      if (name !== 'script-src') expect(mock.get(name), name).toBe(directive)
  })

  it('the meta tag stays after the charset declaration', () => {
    const html = withCspMeta(indexHtml, 'production')
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(html.indexOf('Content-Security-Policy'))
  })

  it('the server sends exactly the header policy with pages', async () => {
    const s = await startAppServer({ port: 0, dist: fixtureDist() })
    try {
      const page = await fetch(`${s.url}/projects/mock-project/instances`)
      expect(page.headers.get('content-security-policy')).toBe(CSP_HEADER)
    } finally {
      await s.close()
    }
  })
})

describe('the production bundle', () => {
  function written(mode: string): boolean {
    const dir = mkdtempSync(join(tmpdir(), 'rack-bundle-'))
    writeFileSync(join(dir, MOCK_WORKER_FILE), '/* msw */')
    const hook = dropMockWorker(mode).writeBundle
    const fn = typeof hook === 'function' ? hook : hook?.handler
    ;(fn as unknown as (o: { dir: string }) => void)({ dir })
    return existsSync(join(dir, MOCK_WORKER_FILE))
  }

  it('drops the msw worker from production builds and keeps it in the mock build', () => {
    expect(written('production')).toBe(false)
    expect(written('mock')).toBe(true)
  })
})
