// The projects subtree (issue 12): the list with its create and edit forms as child routes, and the
// project routes beside them. The matcher takes the first match in tree order, so the edit form must
// win over anything under `:project`, and both forms must keep the list's page in the chain.
import { describe, expect, it } from 'vitest'
import { paths } from './paths'
import { breadcrumbs, documentTitle, indexRedirect, matchPath, scrollHome } from './routes'

const pagesOf = (pathname: string) => matchPath(pathname)?.chain.filter((n) => n.page) ?? []

describe('projects routes', () => {
  it('builds the list, create and edit URLs (spec section 2)', () => {
    expect(paths.projects()).toBe('/projects')
    expect(paths.projectsNew()).toBe('/projects-new')
    expect(paths.projectEdit({ project: 'mock-project' })).toBe('/projects/mock-project/edit')
    expect(paths.projectEdit({ project: 'a b' })).toBe('/projects/a%20b/edit')
  })

  it('/projects/{project}/edit is the edit form over the list, not a project route', () => {
    const m = matchPath('/projects/mock-project/edit')
    expect(m?.route.name).toBe('projectEdit')
    expect(m?.params).toEqual({ project: 'mock-project' })
    // No project guard: the form says itself when the project does not exist.
    expect(m?.chain.some((n) => n.guard)).toBe(false)
    expect(m && indexRedirect(m)).toBeNull()
    const list = pagesOf('/projects')
    expect(list).toHaveLength(1)
    expect(pagesOf('/projects/mock-project/edit')).toEqual([list[0], m?.route])
    expect(pagesOf('/projects-new')[0]).toBe(list[0])
  })

  it('the project routes beside the list still match as before', () => {
    expect(matchPath('/projects')?.route.name).toBe('projects')
    expect(matchPath('/projects-new')?.route.name).toBe('projectsNew')
    const project = matchPath('/projects/mock-project')
    expect(project?.route.name).toBe('project')
    expect(project && indexRedirect(project)).toBe('/projects/mock-project/instances')
    expect(matchPath('/projects/mock-project/instances')?.route.name).toBe('instances')
    expect(matchPath('/projects/edit/instances')?.params).toEqual({ project: 'edit' })
    expect(matchPath('/projects/mock-project/edit/more')).toBeNull()
  })

  it('forms have crumbs under Projects and share the list’s scroll position', () => {
    expect(breadcrumbs(matchPath('/projects-new'))).toEqual([
      { label: 'Projects', href: '/projects' },
      { label: 'New project', href: '/projects-new' },
    ])
    expect(documentTitle(matchPath('/projects/p/edit'))).toBe('Edit project / Projects / Rack Console')
    expect(breadcrumbs(matchPath('/projects/p/disks')).map((c) => c.href)).toEqual([
      '/projects',
      '/projects/p',
      '/projects/p/disks',
    ])
    expect(scrollHome(matchPath('/projects-new'), '/projects-new')).toBe('/projects')
    expect(scrollHome(matchPath('/projects/p/edit'), '/projects/p/edit')).toBe('/projects')
  })
})
