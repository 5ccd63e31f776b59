import { describe, expect, it } from 'vitest'
import { type DataReader, matchPath, warmMatch } from './routes'

function recorder() {
  const reads: unknown[][] = []
  const reader: DataReader = {
    list: (endpoint, params, pageToken) => reads.push(['list', endpoint, params, pageToken ?? null]),
    resource: (endpoint, params) => reads.push(['resource', endpoint, params]),
  }
  return { reads, reader }
}

describe('warm-up at match time', () => {
  it("reads exactly the keys the instances screen and its layout read, with the URL's page and size", () => {
    const match = matchPath('/projects/mock-project/instances')
    if (!match) throw new Error('no match')
    const { reads, reader } = recorder()
    warmMatch(match, '?page=tok-2&limit=25', reader)
    // useListPage('instanceList', { query: { project } }) asks useList with the limit merged in and
    // the ?page= token; the layout reads /v1/me and the project guard the project.
    expect(reads).toEqual([
      ['resource', 'currentUserView', {}],
      ['resource', 'projectView', { path: { project: 'mock-project' } }],
      ['list', 'instanceList', { query: { project: 'mock-project', limit: 25 } }, 'tok-2'],
    ])
  })

  it('falls back to the default page size for a size the page would not accept', () => {
    const match = matchPath('/projects')
    if (!match) throw new Error('no match')
    const { reads, reader } = recorder()
    warmMatch(match, '?limit=7', reader)
    expect(reads).toContainEqual(['list', 'projectList', { query: { limit: 50 } }, null])
  })
})
