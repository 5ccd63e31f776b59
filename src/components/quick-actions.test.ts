// The quick actions come from the route tree: the sidebar's entries for the context (navEntries), the
// project lists' create routes, and the cached projects; the filter matches words, in any case.
import { describe, expect, it } from 'vitest'
import { roleAllows } from '../hooks/use-action-reason'
import { paths } from '../paths'
import { navEntries } from '../routes'
import { type Kind, kinds } from '../ui/kinds'
import type { RoleName } from '../util/roles'
import { buildQuickActions, filterQuickActions, projectCreateRoutes, type QuickAction } from './quick-actions'

const hrefs = (actions: readonly QuickAction[]) => actions.map((a) => a.href)
const labels = (actions: readonly QuickAction[]) => actions.map((a) => a.label)

describe('buildQuickActions', () => {
  it('outside a project: the silo and account entries of the sidebar, no project entries or forms', () => {
    const actions = buildQuickActions({ fleetVisible: false, projects: [] })
    const expected = [...navEntries('silo'), ...navEntries('account')].map((e) => e.href)
    expect(hrefs(actions)).toEqual(expected)
    expect(hrefs(actions)).toContain(paths.projects())
    expect(hrefs(actions)).toContain(paths.sshKeys())
    expect(hrefs(actions)).not.toContain(paths.ipPools())
    expect(labels(actions)).toContain('Go to Projects')
    expect(labels(actions).some((l) => l.startsWith('New '))).toBe(false)
  })

  it('the system entries only for a fleet viewer', () => {
    const actions = buildQuickActions({ fleetVisible: true, projects: [] })
    for (const e of navEntries('system')) expect(hrefs(actions)).toContain(e.href)
    expect(hrefs(actions)).toContain(paths.ipPools())
  })

  it('in a project: its sidebar entries and the create routes of its lists, filled with the project', () => {
    const project = 'my project'
    const actions = buildQuickActions({ project, fleetVisible: false, projects: [] })
    for (const e of navEntries('project', { project })) expect(hrefs(actions)).toContain(e.href)
    const byLabel = new Map(actions.map((a) => [a.label, a.href]))
    expect(byLabel.get('Go to Disks')).toBe(paths.disks({ project }))
    expect(byLabel.get('Go to Instances')).toBe('/projects/my%20project/instances')
    expect(byLabel.get('New instance')).toBe(paths.instancesNew({ project }))
    expect(byLabel.get('New disk')).toBe(paths.disksNew({ project }))
    expect(byLabel.get('New snapshot')).toBe(paths.snapshotsNew({ project }))
    expect(byLabel.get('New image')).toBe(paths.imagesNew({ project }))
    expect(byLabel.get('New VPC')).toBe(paths.vpcsNew({ project }))
    expect(byLabel.get('New floating IP')).toBe(paths.floatingIpsNew({ project }))
    // A label in several sections says which; the project's own Access is one of them.
    expect(byLabel.get('Go to Access (Project)')).toBe(paths.projectAccess({ project }))
    expect(byLabel.get('Go to Access (Silo)')).toBe(paths.siloAccess())
    // Create routes that need more than the project (a VPC's subnet, a snapshot's image) are not offered.
    const creates = projectCreateRoutes(project).map((r) => r.name)
    expect(creates).toContain('affinityNew')
    expect(creates).not.toContain('vpcSubnetsNew')
    expect(creates).not.toContain('snapshotImagesNew')
    expect(creates).not.toContain('projectsNew')
  })

  // The dialog's own check (QuickActions.tsx useCanCreate): the role in the project, by roleAllows.
  const asRole = (role: RoleName) => (kind: Kind) => roleAllows(kind.writes, { known: true, role })

  it('a project viewer is offered no create route at all, anti-affinity groups included', () => {
    const actions = buildQuickActions({
      project: 'p',
      fleetVisible: false,
      projects: [],
      canCreate: asRole('viewer'),
    })
    expect(labels(actions).filter((l) => l.startsWith('New '))).toEqual([])
    expect(actions.filter((a) => a.id.startsWith('new:'))).toEqual([])
    expect(hrefs(actions)).not.toContain(paths.affinityNew({ project: 'p' }))
    // The sidebar entries are still there.
    expect(labels(actions)).toContain('Go to Affinity Groups')
  })

  it('a collaborator is offered "New anti-affinity group", named by its kind', () => {
    const project = 'p'
    const actions = buildQuickActions({
      project,
      fleetVisible: false,
      projects: [],
      canCreate: asRole('collaborator'),
    })
    const affinity = actions.filter((a) => a.href === paths.affinityNew({ project }))
    expect(affinity.map((a) => a.label)).toEqual(['New anti-affinity group'])
    expect(projectCreateRoutes(project).find((r) => r.name === 'affinityNew')?.kind).toBe(
      kinds.antiAffinityGroup,
    )
  })

  it('the create routes only for the kinds the user may create', () => {
    const actions = buildQuickActions({
      project: 'p',
      fleetVisible: false,
      projects: [],
      // A limited collaborator: instances and what only they use, not disks or VPCs.
      canCreate: (kind) => kind?.writes.at === 'project' && kind.writes.role === kinds.instance.writes.role,
    })
    expect(labels(actions)).toContain('New instance')
    expect(labels(actions)).not.toContain('New disk')
    expect(labels(actions)).not.toContain('New VPC')
  })

  it('a project of the cache is one action, named as plain text', () => {
    const actions = buildQuickActions({
      fleetVisible: false,
      projects: [{ name: 'mock-project' }, { name: '<b>x</b>' }],
    })
    expect(actions.find((a) => a.label === 'Go to project mock-project')?.href).toBe(
      paths.project({ project: 'mock-project' }),
    )
    expect(actions.find((a) => a.label === 'Go to project <b>x</b>')?.href).toBe(
      '/projects/%3Cb%3Ex%3C%2Fb%3E',
    )
    expect(new Set(actions.map((a) => a.id)).size).toBe(actions.length)
  })
})

describe('filterQuickActions', () => {
  const actions = buildQuickActions({
    project: 'mock-project',
    fleetVisible: true,
    projects: [{ name: 'mock-project' }, { name: 'other-project' }],
  })

  it('keeps every action for an empty query', () => {
    expect(filterQuickActions(actions, '  ')).toEqual(actions)
  })

  it('matches the start of words, in any case and order', () => {
    expect(labels(filterQuickActions(actions, 'disks'))).toEqual(['Go to Disks'])
    expect(labels(filterQuickActions(actions, 'NEW Instance'))).toEqual(['New instance'])
    expect(labels(filterQuickActions(actions, 'inst new'))).toEqual(['New instance'])
    expect(labels(filterQuickActions(actions, 'go project mock'))).toEqual(['Go to project mock-project'])
    // Inside a word is not the start of one.
    expect(filterQuickActions(actions, 'isks')).toEqual([])
  })

  it('nothing for a query no label has', () => {
    expect(filterQuickActions(actions, 'zzz')).toEqual([])
  })
})
