// The actions of the quick-actions dialog (Cmd+K / Ctrl+K), built from the route tree and nothing
// else: "Go to <entry>" for every sidebar entry the context shows (navEntries), "New <kind>" for the
// create routes of the current project's lists (the `*New` nodes beside a list's sidebar node under
// the project node, named by the kind that sidebar node carries), and "Go to project <name>" for the
// projects the cache holds. Pure: the dialog
// (QuickActions.tsx) gathers the context, this module builds and filters.
import { paths } from '../paths'
import { fillPattern, type NavSection, namedPatterns, navEntries, type RouteNode, routeTree } from '../routes'
import { type Kind, newOf } from '../ui/kinds'

export type QuickAction = {
  /** Unique among the actions (the option's key and id). */
  readonly id: string
  /** What the option says, plain text (project names are server strings: never HTML). */
  readonly label: string
  readonly href: string
}

type QuickActionContext = {
  /** The project the route names, if any. */
  readonly project?: string | undefined
  /** The System section shows (a fleet viewer). */
  readonly fleetVisible: boolean
  /** Projects in the cache, in the list's order. */
  readonly projects: readonly { readonly name: string }[]
  /** Whether the user may create a kind (absent: every create route is offered). */
  readonly canCreate?: (kind: Kind) => boolean
}

const SECTION_TITLE: Record<NavSection, string> = {
  silo: 'Silo',
  project: 'Project',
  system: 'System',
  account: 'Account',
}

/** "Go to <entry>" for every sidebar entry, in the sidebar's order; a label that appears in more than
 * one section ("Access", "Images") says which. */
function goToEntries(ctx: QuickActionContext): QuickAction[] {
  const sections: NavSection[] = ['silo']
  if (ctx.project !== undefined) sections.push('project')
  if (ctx.fleetVisible) sections.push('system')
  sections.push('account')
  const entries = sections.flatMap((section) =>
    navEntries(section, ctx.project === undefined ? {} : { project: ctx.project }).map((e) => ({
      section,
      ...e,
    })),
  )
  const count = new Map<string, number>()
  for (const e of entries) count.set(e.label, (count.get(e.label) ?? 0) + 1)
  return entries.map((e) => ({
    id: `go:${e.href}`,
    label:
      (count.get(e.label) ?? 0) > 1 ? `Go to ${e.label} (${SECTION_TITLE[e.section]})` : `Go to ${e.label}`,
    href: e.href,
  }))
}

function findNode(nodes: readonly RouteNode[], name: string): RouteNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node
    const found = node.children && findNode(node.children, name)
    if (found) return found
  }
  return undefined
}

type CreateRoute = { name: string; label: string; href: string; kind: Kind }

/** The create routes of the project's lists: a `*New` node beside a list's sidebar node that names its
 * kind (`nav.kind`), whose URL needs only the project (a VPC's subnets or a snapshot's image need
 * more: not offered). Each is named as the kind's form is: "New instance", "New anti-affinity group". */
export function projectCreateRoutes(project: string): CreateRoute[] {
  const root = findNode(routeTree, 'project')
  const out: CreateRoute[] = []
  ;(function walk(nodes: readonly RouteNode[]) {
    const kind = nodes.find((n) => n.nav?.section === 'project')?.nav?.kind
    for (const node of nodes) {
      if (kind && node.name?.endsWith('New')) {
        const pattern = namedPatterns.get(node.name)
        let href: string | undefined
        try {
          href = pattern === undefined ? undefined : fillPattern(pattern, { project })
        } catch {
          href = undefined
        }
        if (href !== undefined) out.push({ name: node.name, label: newOf(kind), href, kind })
      }
      if (node.children) walk(node.children)
    }
  })(root?.children ?? [])
  return out
}

export function buildQuickActions(ctx: QuickActionContext): QuickAction[] {
  const actions = goToEntries(ctx)
  if (ctx.project !== undefined) {
    for (const r of projectCreateRoutes(ctx.project)) {
      if (ctx.canCreate && !ctx.canCreate(r.kind)) continue
      actions.push({ id: `new:${r.name}`, label: r.label, href: r.href })
    }
  }
  for (const p of ctx.projects) {
    actions.push({
      id: `project:${p.name}`,
      label: `Go to project ${p.name}`,
      href: paths.project({ project: p.name }),
    })
  }
  return actions
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/**
 * The actions whose label has, for every word of the query, a word that starts with it (any case):
 * "new inst" finds "New instance", "disks" finds "Go to Disks", "proj mock" finds "Go to project
 * mock-project". An empty query keeps them all, in order.
 */
export function filterQuickActions(actions: readonly QuickAction[], query: string): QuickAction[] {
  const wanted = words(query)
  if (wanted.length === 0) return [...actions]
  return actions.filter((a) => {
    const have = words(a.label)
    return wanted.every((w) => have.some((h) => h.startsWith(w)))
  })
}
