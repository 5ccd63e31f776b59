// The one route table (ARCHITECTURE.md): every path, its page (lazy), its breadcrumb label, its
// layout and its redirects. Routes whose screens are not built yet are absent: they show Page not
// found (spec section 2), never a placeholder.
import type { ComponentType } from 'react'
import { S } from './strings'

export type Params = Record<string, string>

/** A page module: the default export renders; `prefetch` warms its data on link hover. */
export type PageModule = { default: ComponentType; prefetch?: (params: Params) => void }

export type Layout = 'auth' | 'login' | 'device'

export type NavSection = 'project' | 'silo' | 'system' | 'account'

export type RouteDef = {
  path: string
  layout: Layout
  /** Puts the route in the sidebar: its section and label (the icon is chosen by the label). */
  nav?: { section: NavSection; label: string }
  /** Breadcrumb label for this path; routes that are only prefixes still give their crumb. */
  crumb?: string | ((params: Params) => string)
  page?: () => Promise<PageModule>
  /** An index redirect (spec section 2). */
  redirect?: (params: Params) => string
}

const param = (name: string) => (p: Params) => p[name] ?? ''

// Loaders shared by a list and its form routes (App keys lazy pages by loader).
const sshKeysPage = () => import('./pages/settings/SshKeysPage')

export const routes: RouteDef[] = [
  // Spec section 2: the root index redirects to /projects.
  { path: '/', layout: 'auth', redirect: () => '/projects' },

  // Public pages.
  { path: '/login', layout: 'login', page: () => import('./pages/auth/LoginRedirectPage') },
  { path: '/login/:silo/local', layout: 'login', page: () => import('./pages/auth/LoginLocalPage') },
  { path: '/login/:silo/saml/:provider', layout: 'login', page: () => import('./pages/auth/LoginSamlPage') },
  { path: '/device/verify', layout: 'device', page: () => import('./pages/auth/DeviceVerifyPage') },
  { path: '/device/success', layout: 'device', page: () => import('./pages/auth/DeviceSuccessPage') },

  // Silo level.
  {
    path: '/projects',
    layout: 'auth',
    crumb: S.crumbs.projects,
    nav: { section: 'silo', label: S.crumbs.projects },
    page: () => import('./pages/ProjectsPage'),
  },
  {
    path: '/projects/:project',
    layout: 'auth',
    crumb: param('project'),
    redirect: (p) => `/projects/${p.project}/instances`,
  },
  {
    path: '/projects/:project/instances',
    layout: 'auth',
    crumb: S.crumbs.instances,
    nav: { section: 'project', label: S.crumbs.instances },
    page: () => import('./pages/project/InstancesPage'),
  },
  {
    path: '/projects/:project/disks',
    layout: 'auth',
    crumb: 'Disks',
    nav: { section: 'project', label: 'Disks' },
    page: () => import('./pages/project/DisksPage'),
  },
  // Child route of the disks list: the create form's side modal over the list.
  {
    path: '/projects/:project/disks-new',
    layout: 'auth',
    crumb: 'New disk',
    page: () => import('./pages/project/DisksPage'),
  },
  {
    path: '/projects/:project/access',
    layout: 'auth',
    crumb: 'Access',
    nav: { section: 'project', label: 'Access' },
    page: () => import('./pages/project/ProjectAccessPage'),
  },
  {
    path: '/access',
    layout: 'auth',
    crumb: 'Access',
    nav: { section: 'silo', label: 'Access' },
    page: () => import('./pages/silo/SiloAccessPage'),
  },
  {
    path: '/system/access',
    layout: 'auth',
    crumb: 'Access',
    nav: { section: 'system', label: 'Access' },
    page: () => import('./pages/system/SystemAccessPage'),
  },

  // Settings.
  { path: '/settings', layout: 'auth', crumb: 'Settings', redirect: () => '/settings/profile' },
  {
    path: '/settings/profile',
    layout: 'auth',
    crumb: 'Profile',
    nav: { section: 'account', label: 'Settings' },
    page: () => import('./pages/settings/ProfilePage'),
  },
  {
    path: '/settings/ssh-keys',
    layout: 'auth',
    crumb: 'SSH keys',
    nav: { section: 'account', label: 'SSH keys' },
    page: sshKeysPage,
  },
  // Child routes of the SSH keys list: the list stays visible under the side modal.
  {
    path: '/settings/ssh-keys-new',
    layout: 'auth',
    crumb: 'New SSH key',
    page: sshKeysPage,
  },
  {
    path: '/settings/ssh-keys/:sshKey',
    layout: 'auth',
    crumb: param('sshKey'),
    redirect: (p) => `/settings/ssh-keys/${encodeURIComponent(p.sshKey ?? '')}/edit`,
  },
  {
    path: '/settings/ssh-keys/:sshKey/edit',
    layout: 'auth',
    crumb: 'View',
    page: sshKeysPage,
  },
  {
    path: '/settings/access-tokens',
    layout: 'auth',
    crumb: 'Access tokens',
    nav: { section: 'account', label: 'Access tokens' },
    page: () => import('./pages/settings/AccessTokensPage'),
  },

  // Dev only (never in a production bundle): live actors and their statecharts.
  ...(import.meta.env.DEV
    ? [
        {
          path: '/dev/machines',
          layout: 'auth' as const,
          crumb: 'Machines',
          page: () => import('./pages/dev/MachinesPage'),
        },
      ]
    : []),
]

/** Sidebar entries of a section, in table order; project paths are filled with the current project. */
export function navEntries(section: NavSection, params: Params = {}): { label: string; href: string }[] {
  return routes
    .filter((r) => r.nav?.section === section)
    .map((r) => ({
      label: r.nav?.label ?? '',
      href: r.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '')),
    }))
}

export type RouteMatch = { route: RouteDef; params: Params }

/** Compiles `/projects/:project` into a matcher (segments; `:name` matches one segment). */
function compile(path: string) {
  const names: string[] = []
  const source = path
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1))
        return '([^/]+)'
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  const re = new RegExp(`^${source}/?$`)
  return (pathname: string): Params | null => {
    const m = re.exec(pathname)
    if (!m) return null
    const params: Params = {}
    names.forEach((n, i) => {
      params[n] = decodeURIComponent(m[i + 1] ?? '')
    })
    return params
  }
}

const compiled = routes.map((route) => ({ route, match: compile(route.path) }))

export function matchPath(pathname: string): RouteMatch | null {
  for (const { route, match } of compiled) {
    const params = match(pathname)
    if (params) return { route, params }
  }
  return null
}

export type Crumb = { label: string; href: string }

/**
 * Breadcrumbs from route labels (spec section 2): every prefix of the current path that is itself a
 * route with a crumb contributes one, in order.
 */
export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  const crumbs: Crumb[] = []
  for (let i = 1; i <= segments.length; i++) {
    const href = `/${segments.slice(0, i).join('/')}`
    const m = matchPath(href)
    if (!m?.route.crumb) continue
    const label = typeof m.route.crumb === 'function' ? m.route.crumb(m.params) : m.route.crumb
    crumbs.push({ label, href })
  }
  return crumbs
}

/** Paths where the loading skeleton is skipped (spec section 2: login and device paths). */
export function skipsSkeleton(pathname: string): boolean {
  return pathname.startsWith('/login') || pathname.startsWith('/device')
}
