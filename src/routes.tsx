// The one route tree (ARCHITECTURE.md): nested nodes, each with its path segment(s), layout, page
// (lazy), breadcrumb label, data prefetch, index redirect and children. Full paths, the matcher, the
// breadcrumbs, the sidebar and the typed path builder (src/paths.ts) all derive from this tree.
// Routes whose screens are not built yet are absent: they show Page not found (spec section 2).
//
// Rendering: every node with a `page` in the matched chain renders, outermost first; a page shows its
// matched child page through <Outlet /> (route-context.ts). A list page is a pathless node whose
// children are the list path itself and its form routes, so opening or closing a form changes only
// what the outlet holds and the list stays mounted (scroll, page and sort kept).
//
// Wouter stays the router for the location (history, <Link>, navigate): its <Switch>/nest matches one
// pattern at a time and leaves params undecoded, while breadcrumbs, titles, the sidebar, hover prefetch
// and layouts need the whole chain of matched nodes as data, outside React as well as inside.
import type { ComponentType, ReactNode } from 'react'
import { prefetchList, prefetchResource, warmList, warmResource } from '../storage'
import type { ApiParams, ListOperationName, OperationName } from './api/types'
import { AlertIcon, ChartIcon, ServerIcon, SettingsIcon, UserIcon } from './components/icons'
import {
  ALL,
  type ListPosition,
  listPosition,
  lists,
  memberListParams,
  PICK,
  TABLE_LIMIT,
  tables,
  views,
} from './lists'
import {
  instanceAntiAffinityParams,
  instanceDisksParams,
  instanceExternalIpsParams,
  instanceNicsParams,
} from './pages/project/instance/queries'
import { S } from './strings'
import type { FormOptions, FormProps } from './ui/form-route'
import { type Kind, kinds } from './ui/kinds'

export type Params = Record<string, string>

/** How a node's prefetch reads ahead: the warm-up at match time or the hover prefetch. */
export type DataReader = {
  list<N extends ListOperationName>(endpoint: N, params: ApiParams<N>, pageToken?: string | null): void
  resource<N extends OperationName>(endpoint: N, params: ApiParams<N>): void
}

/** A page module: the default export renders (`prefetch` is the old per-page warm-up, unused). */
export type PageModule = { default: ComponentType; prefetch?: (params: Params) => void }

export type Layout = 'auth' | 'login' | 'device'

export type NavSection = 'project' | 'silo' | 'system' | 'account'

/**
 * A guard above the layout: 'project' shows Page not found when the project does not exist,
 * 'instance' when the instance does not (layouts/InstanceGuard.tsx); 'fleet' shows the 403 page to a
 * user without a fleet role (layouts/FleetGuard.tsx).
 */
export type Guard = 'project' | 'instance' | 'fleet'

export type RouteNode = {
  /** Names the node in the path builder (`paths.<name>`); a named node is a URL that can match. */
  readonly name?: string
  /** Segments relative to the parent ('' or absent: pathless); `:p` a param, `:p?` optional. */
  readonly path?: string
  /** Inherited by descendants. */
  readonly layout?: Layout
  readonly guard?: Guard
  readonly page?: () => Promise<PageModule>
  /** Breadcrumb label (spec section 2); a pathless node's crumb links to its first named descendant. */
  readonly crumb?: string | ((params: Params) => string)
  /**
   * Where the crumb links instead: a named node elsewhere in the tree. For a node that only places a
   * page under the crumbs of another (a router's page under its VPC and the VPC's Routers tab).
   */
  readonly crumbTo?: string
  /**
   * What the node's screen reads, the one place per node that reads ahead: at match time (warmMatch:
   * IndexedDB only, in parallel with the page's code) and on link hover (warmRoute, spec section 9:
   * fetched when stale). It must name exactly the keys the screen's hooks read.
   */
  readonly prefetch?: (params: Params, read: DataReader, at: ListPosition) => void
  /** Index redirect: the child path the node's own URL redirects to (spec section 2). */
  readonly index?: string
  /** Puts the node in the sidebar (only routes that exist have an entry and an icon). A list's entry
   * names its kind (what its `*New` sibling creates, for the quick actions). */
  readonly nav?: {
    readonly section: NavSection
    readonly label: string
    readonly icon: ReactNode
    readonly kind?: Kind
  }
  readonly children?: readonly RouteNode[]
}

/** The sidebar entry of a list: its label and icon are the list's own title and icon (unless the spec
 * names the entry otherwise), and it names the list's kind. */
const listNav = (section: NavSection, kind: Kind, label: string = kind.many) => ({
  section,
  label,
  icon: kind.icon,
  kind,
})

const param = (name: string) => (p: Params) => p[name] ?? ''
/** The project and VPC of a route under a VPC, as the VPC screens' queries name them. */
const vpcRef = (p: Params) => ({ project: p.project ?? '', vpc: p.vpc ?? '' })
/** The project and instance of a route under an instance, as the instance page's queries name them. */
const instanceRef = (p: Params) => ({ project: p.project ?? '', instance: p.instance ?? '' })

/**
 * A form's route (create, edit or view, in its list's or page's outlet): the node's code is the form's
 * own, so the moment the route is known (and a link's prefetch) loads the form, not the page behind it
 * again. `opts` names the params the form takes and the routes dismissing and saving go to
 * (ui/form-route.tsx); the loader carries them for the tree's own checks.
 */
function form<K extends string, N extends string = never>(
  load: () => Promise<ComponentType<FormProps<K, N>>>,
  opts: FormOptions<K, N>,
): (() => Promise<PageModule>) & { form: FormOptions<string, string> } {
  let view: ComponentType | undefined
  // One component per route, however often its code is asked for: a new one would remount the open form.
  const loader = () =>
    Promise.all([import('./ui/form-route'), load()]).then(([m, Form]) => {
      view ??= m.formView(Form, opts)
      return { default: view }
    })
  return Object.assign(loader, { form: opts as FormOptions<string, string> })
}

// Create-or-edit forms: one route code for `…-new` and `…/{name}/edit`.
const projectForm = form(() => import('./forms/project-form').then((m) => m.ProjectForm), {
  params: [],
  edit: 'project',
  back: 'projects',
})
const subnetForm = form(() => import('./forms/subnet-form').then((m) => m.SubnetForm), {
  params: ['project', 'vpc'],
  edit: 'subnet',
  back: 'vpcSubnets',
})
const routerForm = form(() => import('./forms/router-form').then((m) => m.RouterForm), {
  params: ['project', 'vpc'],
  edit: 'router',
  back: 'vpcRouters',
})
const routeForm = form(() => import('./forms/route-form').then((m) => m.RouteForm), {
  params: ['project', 'vpc', 'router'],
  edit: 'route',
  back: 'vpcRouter',
})

export const routeTree = [
  // Spec section 2: the root index redirects to /projects.
  { name: 'root', path: '', layout: 'auth', index: 'projects' },

  // Public pages.
  {
    path: 'login',
    layout: 'login',
    children: [
      { name: 'login', path: '', page: () => import('./pages/auth/LoginRedirectPage') },
      { name: 'loginLocal', path: ':silo/local', page: () => import('./pages/auth/LoginLocalPage') },
      {
        name: 'loginSaml',
        path: ':silo/saml/:provider',
        page: () => import('./pages/auth/LoginSamlPage'),
      },
    ],
  },
  {
    path: 'device',
    layout: 'device',
    children: [
      { name: 'deviceVerify', path: 'verify', page: () => import('./pages/auth/DeviceVerifyPage') },
      { name: 'deviceSuccess', path: 'success', page: () => import('./pages/auth/DeviceSuccessPage') },
    ],
  },

  // Silo level. The projects list is a pathless node whose children are the list and its two forms
  // (spec section 2: `projects-new` beside `projects`, and `projects/{project}/edit`), so both forms
  // open in the list's outlet. The matcher takes the first match in tree order: this node comes before
  // the `:project` node, so `/projects/{project}/edit` is the edit form, never a project route.
  {
    layout: 'auth',
    crumb: S.crumbs.projects,
    children: [
      {
        page: () => import('./pages/ProjectsPage'),
        prefetch: lists.projects.prefetch,
        children: [
          {
            name: 'projects',
            path: 'projects',
            nav: listNav('silo', kinds.project),
          },
          {
            name: 'projectsNew',
            path: 'projects-new',
            crumb: 'New project',
            page: projectForm,
          },
          {
            name: 'projectEdit',
            path: 'projects/:project/edit',
            crumb: 'Edit project',
            page: projectForm,
            prefetch: (p, read) => read.resource('projectView', { path: { project: p.project ?? '' } }),
          },
        ],
      },
      {
        name: 'project',
        path: 'projects/:project',
        crumb: param('project'),
        guard: 'project',
        index: 'instances',
        prefetch: (p, read) => read.resource('projectView', { path: { project: p.project ?? '' } }),
        children: [
          {
            // The list, an instance with its tabs, and the serial console share the "Instances" crumb.
            // The instance and the console are siblings of the list, not its children, so the list's
            // page does not render around them.
            crumb: S.crumbs.instances,
            children: [
              {
                name: 'instances',
                path: 'instances',
                page: () => import('./pages/project/InstancesPage'),
                prefetch: lists.instances.prefetch,
                nav: listNav('project', kinds.instance),
              },
              {
                name: 'instancesNew',
                path: 'instances-new',
                crumb: 'New instance',
                page: () => import('./pages/project/InstanceCreatePage'),
              },
              {
                // Issue 12: an instance and its tabs (metrics comes with the metrics issue). The prefetches
                // name the keys of pages/project/instance/queries.ts (its routes.test.ts checks they agree).
                name: 'instance',
                path: 'instances/:instance',
                crumb: param('instance'),
                guard: 'instance',
                index: 'storage',
                page: () => import('./pages/project/instance/InstancePage'),
                prefetch: views.instance.prefetch,
                children: [
                  {
                    name: 'instanceStorage',
                    path: 'storage',
                    crumb: 'Storage',
                    page: () => import('./pages/project/instance/StorageTab'),
                    prefetch: (p, read) => read.list('instanceDiskList', instanceDisksParams(instanceRef(p))),
                  },
                  {
                    name: 'instanceNetworking',
                    path: 'networking',
                    crumb: 'Networking',
                    page: () => import('./pages/project/instance/NetworkingTab'),
                    prefetch: (p, read) => {
                      read.list('instanceNetworkInterfaceList', instanceNicsParams(instanceRef(p)))
                      read.list('instanceExternalIpList', instanceExternalIpsParams(instanceRef(p)))
                    },
                  },
                  {
                    // Issue 16: metrics, whose index redirects to the cpu sub-tab.
                    name: 'instanceMetrics',
                    path: 'metrics',
                    crumb: 'Metrics',
                    index: 'cpu',
                    page: () => import('./pages/project/instance/metrics/MetricsTab'),
                    children: [
                      {
                        name: 'instanceMetricsCpu',
                        path: 'cpu',
                        crumb: 'CPU',
                        page: () => import('./pages/project/instance/metrics/CpuMetrics'),
                      },
                      {
                        name: 'instanceMetricsDisk',
                        path: 'disk',
                        crumb: 'Disk',
                        page: () => import('./pages/project/instance/metrics/DiskMetrics'),
                        prefetch: (p, read) =>
                          read.list('instanceDiskList', instanceDisksParams(instanceRef(p))),
                      },
                      {
                        name: 'instanceMetricsNetwork',
                        path: 'network',
                        crumb: 'Network',
                        page: () => import('./pages/project/instance/metrics/NetworkMetrics'),
                        prefetch: (p, read) =>
                          read.list('instanceNetworkInterfaceList', instanceNicsParams(instanceRef(p))),
                      },
                    ],
                  },
                  {
                    name: 'instanceConnect',
                    path: 'connect',
                    crumb: 'Connect',
                    page: () => import('./pages/project/instance/ConnectTab'),
                  },
                  {
                    name: 'instanceSettings',
                    path: 'settings',
                    crumb: 'Settings',
                    page: () => import('./pages/project/instance/SettingsTab'),
                    prefetch: (p, read) =>
                      read.list('instanceAntiAffinityGroupList', instanceAntiAffinityParams(instanceRef(p))),
                  },
                ],
              },
              {
                // The console sits under its instance's crumb, which links to the instance page (a
                // sibling: that page with its tabs does not render around the terminal).
                crumb: param('instance'),
                crumbTo: 'instance',
                children: [
                  {
                    // Full page terminal; guarded like the instance page (an unknown instance is not found).
                    name: 'serialConsole',
                    path: 'instances/:instance/serial-console',
                    crumb: 'Serial console',
                    guard: 'instance',
                    page: () => import('./pages/project/instance/SerialConsolePage'),
                    prefetch: views.instance.prefetch,
                  },
                ],
              },
            ],
          },
          {
            crumb: 'Disks',
            page: () => import('./pages/project/DisksPage'),
            prefetch: lists.disks.prefetch,
            children: [
              {
                name: 'disks',
                path: 'disks',
                nav: listNav('project', kinds.disk),
              },
              {
                name: 'disksNew',
                path: 'disks-new',
                crumb: 'New disk',
                // The form's pickers: the project's snapshots, its images and the silo's images.
                prefetch: (p, read) => {
                  const project = p.project ?? ''
                  read.list('snapshotList', { query: { project, ...PICK } })
                  read.list('imageList', { query: { project, ...PICK } })
                  read.list('imageList', { query: PICK })
                },
                page: form(() => import('./forms/disk-create').then((m) => m.DiskCreateForm), {
                  params: ['project'],
                  back: 'disks',
                }),
              },
              {
                // Issue 13: a disk's view, a side modal over the list.
                name: 'disk',
                path: 'disks/:disk',
                crumb: param('disk'),
                page: () => import('./pages/project/DisksPage').then((m) => ({ default: m.DiskViewRoute })),
                prefetch: (p, read) =>
                  read.resource('diskView', {
                    path: { disk: p.disk ?? '' },
                    query: { project: p.project ?? '' },
                  }),
              },
            ],
          },
          {
            crumb: 'Snapshots',
            page: () => import('./pages/project/SnapshotsPage'),
            prefetch: lists.snapshots.prefetch,
            children: [
              {
                name: 'snapshots',
                path: 'snapshots',
                nav: listNav('project', kinds.snapshot),
              },
              {
                name: 'snapshotsNew',
                path: 'snapshots-new',
                crumb: 'New snapshot',
                page: form(() => import('./forms/snapshot-create').then((m) => m.SnapshotCreateForm), {
                  params: ['project'],
                  back: 'snapshots',
                }),
              },
              {
                name: 'snapshotImagesNew',
                path: 'snapshots/:snapshot/images-new',
                crumb: 'New image',
                prefetch: (p, read) =>
                  read.resource('snapshotView', {
                    path: { snapshot: p.snapshot ?? '' },
                    query: { project: p.project ?? '' },
                  }),
                page: form(() => import('./forms/image-from-snapshot').then((m) => m.ImageFromSnapshotForm), {
                  params: ['project', 'snapshot'],
                  key: 'snapshot',
                  back: 'snapshots',
                }),
              },
            ],
          },
          {
            crumb: 'Images',
            page: () => import('./pages/project/ImagesPage'),
            prefetch: lists.images.prefetch,
            children: [
              {
                name: 'images',
                path: 'images',
                nav: listNav('project', kinds.image),
              },
              {
                name: 'imagesNew',
                path: 'images-new',
                crumb: 'New image',
                page: form(() => import('./forms/image-create').then((m) => m.ImageCreateForm), {
                  params: ['project'],
                  back: 'images',
                }),
              },
              {
                name: 'imageEdit',
                path: 'images/:image/edit',
                crumb: param('image'),
                prefetch: (p, read) =>
                  read.resource('imageView', {
                    path: { image: p.image ?? '' },
                    query: { project: p.project ?? '' },
                  }),
                page: form(() => import('./forms/image-view').then((m) => m.ImageView), {
                  params: ['project', 'image'],
                  back: 'images',
                }),
              },
            ],
          },
          {
            // Issue 14: VPCs. The list with its forms; a VPC's page with its tabs (the index redirects
            // to firewall-rules), each tab a group whose forms open over it; a router's own page.
            crumb: S.crumbs.vpcs,
            children: [
              {
                page: () => import('./pages/project/vpc/VpcsPage'),
                prefetch: lists.vpcs.prefetch,
                children: [
                  {
                    name: 'vpcs',
                    path: 'vpcs',
                    nav: listNav('project', kinds.vpc),
                  },
                  {
                    name: 'vpcsNew',
                    path: 'vpcs-new',
                    crumb: 'New VPC',
                    page: form(() => import('./forms/vpc-form').then((m) => m.VpcForm), {
                      params: ['project'],
                      back: 'vpcs',
                    }),
                  },
                ],
              },
              {
                name: 'vpc',
                path: 'vpcs/:vpc',
                crumb: param('vpc'),
                index: 'firewall-rules',
                page: () => import('./pages/project/vpc/VpcPage'),
                prefetch: views.vpc.prefetch,
                children: [
                  {
                    name: 'vpcEdit',
                    path: 'edit',
                    crumb: 'Edit',
                    page: form(() => import('./forms/vpc-form').then((m) => m.VpcForm), {
                      params: ['project', 'vpc'],
                      key: 'vpc',
                      back: 'vpc',
                      opens: { to: 'vpc', param: 'vpc' },
                    }),
                  },
                  {
                    crumb: S.crumbs.firewallRules,
                    page: () => import('./pages/project/vpc/FirewallRulesTab'),
                    prefetch: (p, read) =>
                      read.resource('vpcFirewallRulesView', {
                        query: { project: p.project ?? '', vpc: p.vpc ?? '' },
                      }),
                    children: [
                      { name: 'vpcFirewallRules', path: 'firewall-rules' },
                      {
                        name: 'vpcFirewallRulesNew',
                        path: 'firewall-rules-new/:rule?',
                        crumb: 'New rule',
                        page: () =>
                          import('./pages/project/vpc/FirewallRulesTab').then((m) => ({
                            default: m.FirewallRuleCreateRoute,
                          })),
                      },
                      {
                        name: 'vpcFirewallRuleEdit',
                        path: 'firewall-rules/:rule/edit',
                        crumb: param('rule'),
                        page: () =>
                          import('./pages/project/vpc/FirewallRulesTab').then((m) => ({
                            default: m.FirewallRuleEditRoute,
                          })),
                      },
                    ],
                  },
                  {
                    crumb: 'Subnets',
                    page: () => import('./pages/project/vpc/SubnetsTab'),
                    prefetch: tables.subnets.prefetch,
                    children: [
                      { name: 'vpcSubnets', path: 'subnets' },
                      {
                        name: 'vpcSubnetsNew',
                        path: 'subnets-new',
                        crumb: 'New subnet',
                        page: subnetForm,
                      },
                      {
                        name: 'vpcSubnetEdit',
                        path: 'subnets/:subnet/edit',
                        crumb: param('subnet'),
                        page: subnetForm,
                      },
                    ],
                  },
                  {
                    crumb: S.crumbs.routers,
                    page: () => import('./pages/project/vpc/RoutersTab'),
                    prefetch: tables.routers.prefetch,
                    children: [
                      { name: 'vpcRouters', path: 'routers' },
                      {
                        name: 'vpcRoutersNew',
                        path: 'routers-new',
                        crumb: 'New router',
                        page: routerForm,
                      },
                      {
                        name: 'vpcRouterEdit',
                        path: 'routers/:router/edit',
                        crumb: param('router'),
                        page: routerForm,
                      },
                    ],
                  },
                  {
                    crumb: 'Internet gateways',
                    page: () => import('./pages/project/vpc/GatewaysTab'),
                    prefetch: tables.internetGateways.prefetch,
                    children: [
                      { name: 'vpcGateways', path: 'internet-gateways' },
                      {
                        name: 'vpcGateway',
                        path: 'internet-gateways/:gateway',
                        crumb: param('gateway'),
                        // The gateway and its two tables of attachments.
                        prefetch: (p, read) => {
                          read.resource('internetGatewayView', {
                            path: { gateway: p.gateway ?? '' },
                            query: vpcRef(p),
                          })
                          tables.gatewayIpPools.prefetch(p, read)
                          tables.gatewayIpAddresses.prefetch(p, read)
                        },
                        page: () =>
                          import('./pages/project/vpc/GatewaysTab').then((m) => ({
                            default: m.GatewayRoute,
                          })),
                      },
                    ],
                  },
                ],
              },
              {
                // A router's own page (not one of the VPC's tabs), in the crumbs under its VPC and the
                // VPC's Routers tab: VPCs / {vpc} / Routers / {router}.
                path: 'vpcs/:vpc',
                crumb: param('vpc'),
                crumbTo: 'vpc',
                children: [
                  {
                    path: 'routers',
                    crumb: S.crumbs.routers,
                    crumbTo: 'vpcRouters',
                    children: [
                      {
                        // The router with its routes; its forms open over it.
                        name: 'vpcRouter',
                        path: ':router',
                        crumb: param('router'),
                        page: () => import('./pages/project/vpc/RouterPage'),
                        prefetch: (p, read) => {
                          views.router.prefetch(p, read)
                          tables.routes.prefetch(p, read)
                        },
                        children: [
                          {
                            name: 'vpcRouteNew',
                            path: 'routes-new',
                            crumb: 'New route',
                            page: routeForm,
                          },
                          {
                            path: 'routes',
                            crumb: S.crumbs.routes,
                            crumbTo: 'vpcRouter',
                            children: [
                              {
                                name: 'vpcRouteEdit',
                                path: ':route/edit',
                                crumb: param('route'),
                                page: routeForm,
                              },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            crumb: 'Floating IPs',
            page: () => import('./pages/project/FloatingIpsPage'),
            prefetch: lists.floatingIps.prefetch,
            children: [
              {
                name: 'floatingIps',
                path: 'floating-ips',
                nav: listNav('project', kinds.floatingIp),
              },
              {
                name: 'floatingIpsNew',
                path: 'floating-ips-new',
                crumb: 'New floating IP',
                page: form(() => import('./forms/floating-ip-form').then((m) => m.FloatingIpCreateForm), {
                  params: ['project'],
                  back: 'floatingIps',
                }),
              },
              {
                name: 'floatingIpEdit',
                path: 'floating-ips/:floatingIp/edit',
                crumb: param('floatingIp'),
                page: form(() => import('./forms/floating-ip-form').then((m) => m.FloatingIpEditForm), {
                  params: ['project', 'floatingIp'],
                  key: 'floatingIp',
                  back: 'floatingIps',
                }),
              },
            ],
          },
          {
            crumb: S.crumbs.affinityGroups,
            children: [
              {
                page: () => import('./pages/project/AffinityPage'),
                prefetch: lists.antiAffinityGroups.prefetch,
                children: [
                  {
                    name: 'affinity',
                    path: 'affinity',
                    nav: listNav('project', kinds.antiAffinityGroup, S.crumbs.affinityGroups),
                  },
                  {
                    name: 'affinityNew',
                    path: 'affinity-new',
                    crumb: 'New group',
                    page: form(() => import('./forms/affinity-form').then((m) => m.AffinityForm), {
                      params: ['project'],
                      back: 'affinity',
                      opens: { to: 'affinityGroup', param: 'antiAffinityGroup' },
                    }),
                  },
                ],
              },
              {
                // A group's page with its members; its edit form opens over it.
                name: 'affinityGroup',
                path: 'affinity/:antiAffinityGroup',
                crumb: param('antiAffinityGroup'),
                page: () => import('./pages/project/AffinityGroupPage'),
                prefetch: (p, read) => {
                  views.antiAffinityGroup.prefetch(p, read)
                  read.list(
                    'antiAffinityGroupMemberList',
                    memberListParams(p.project ?? '', p.antiAffinityGroup ?? ''),
                  )
                },
                children: [
                  {
                    name: 'affinityGroupEdit',
                    path: 'edit',
                    crumb: 'Edit',
                    page: form(() => import('./forms/affinity-form').then((m) => m.AffinityForm), {
                      params: ['project', 'antiAffinityGroup'],
                      key: 'antiAffinityGroup',
                      back: 'affinityGroup',
                      opens: { to: 'affinityGroup', param: 'antiAffinityGroup' },
                    }),
                  },
                ],
              },
            ],
          },
          {
            name: 'projectAccess',
            path: 'access',
            crumb: 'Access',
            page: () => import('./pages/project/ProjectAccessPage'),
            prefetch: (p, read) => {
              read.resource('projectPolicyView', { path: { project: p.project ?? '' } })
              read.resource('policyView', {})
            },
            nav: { section: 'project', label: 'Access', icon: <UserIcon /> },
          },
        ],
      },
    ],
  },
  // Issue 12: instance lookups by id, which redirect to the instance's storage tab.
  {
    path: 'lookup',
    layout: 'auth',
    children: [
      {
        name: 'lookupInstance',
        path: 'instances/:instance',
        page: () => import('./pages/project/instance/InstanceLookupPage'),
      },
      {
        name: 'lookupInstanceShort',
        path: 'i/:instance',
        page: () => import('./pages/project/instance/InstanceLookupPage'),
      },
    ],
  },
  // Issue 13: the silo's images (promoted from projects).
  {
    path: 'images',
    layout: 'auth',
    crumb: 'Images',
    page: () => import('./pages/silo/SiloImagesPage'),
    prefetch: lists.siloImages.prefetch,
    children: [
      {
        name: 'siloImages',
        path: '',
        nav: listNav('silo', kinds.image),
      },
      {
        name: 'siloImageEdit',
        path: ':image/edit',
        crumb: param('image'),
        prefetch: (p, read) => read.resource('imageView', { path: { image: p.image ?? '' } }),
        page: form(() => import('./forms/image-view').then((m) => m.ImageView), {
          params: ['image'],
          back: 'siloImages',
        }),
      },
    ],
  },
  {
    // Issue 16: the silo's utilization.
    name: 'siloUtilization',
    path: 'utilization',
    layout: 'auth',
    crumb: 'Utilization',
    page: () => import('./pages/silo/UtilizationPage'),
    prefetch: (_, read) => read.resource('utilizationView', {}),
    nav: { section: 'silo', label: 'Utilization', icon: <ChartIcon /> },
  },
  {
    name: 'siloAccess',
    path: 'access',
    layout: 'auth',
    crumb: 'Access',
    page: () => import('./pages/silo/SiloAccessPage'),
    prefetch: (_, read) => read.resource('policyView', {}),
    nav: { section: 'silo', label: 'Access', icon: <UserIcon /> },
  },

  // System level.
  {
    path: 'system',
    layout: 'auth',
    // Every system screen needs a fleet role: a silo-only user gets the 403 page (layouts/FleetGuard).
    guard: 'fleet',
    children: [
      {
        // Issue 15: silos, and a silo's page whose index redirects to its identity providers.
        crumb: S.crumbs.silos,
        children: [
          {
            page: () => import('./pages/system/SilosPage'),
            prefetch: lists.silos.prefetch,
            children: [
              {
                name: 'silos',
                path: 'silos',
                nav: listNav('system', kinds.silo),
              },
              {
                name: 'silosNew',
                path: 'silos-new',
                crumb: 'New silo',
                page: form(() => import('./forms/silo-form').then((m) => m.SiloCreateForm), {
                  params: [],
                  back: 'silos',
                  opens: { to: 'silo', param: 'silo' },
                }),
              },
            ],
          },
          {
            name: 'silo',
            path: 'silos/:silo',
            crumb: param('silo'),
            index: 'idps',
            page: () => import('./pages/system/silo/SiloPage'),
            prefetch: views.silo.prefetch,
            children: [
              {
                crumb: 'Identity providers',
                page: () => import('./pages/system/silo/IdpsTab'),
                prefetch: tables.identityProviders.prefetch,
                children: [
                  { name: 'siloIdps', path: 'idps' },
                  {
                    name: 'siloIdpsNew',
                    path: 'idps-new',
                    crumb: 'New identity provider',
                    page: form(() => import('./forms/idp-form').then((m) => m.IdpCreateForm), {
                      params: ['silo'],
                      back: 'siloIdps',
                    }),
                  },
                  {
                    name: 'siloIdp',
                    path: 'idps/saml/:provider',
                    crumb: param('provider'),
                    prefetch: (p, read) =>
                      read.resource('samlIdentityProviderView', {
                        path: { provider: p.provider ?? '' },
                        query: { silo: p.silo ?? '' },
                      }),
                    page: form(() => import('./forms/idp-form').then((m) => m.IdpView), {
                      params: ['silo', 'provider'],
                      key: 'provider',
                      back: 'siloIdps',
                    }),
                  },
                ],
              },
              {
                name: 'siloIpPools',
                path: 'ip-pools',
                crumb: S.crumbs.ipPools,
                page: () => import('./pages/system/silo/SiloIpPoolsTab'),
                prefetch: (p, read) =>
                  read.list('siloIpPoolList', {
                    path: { silo: p.silo ?? '' },
                    query: { limit: TABLE_LIMIT },
                  }),
              },
              {
                name: 'siloQuotas',
                path: 'quotas',
                crumb: 'Quotas',
                page: () => import('./pages/system/silo/QuotasTab'),
                prefetch: (p, read) => {
                  read.resource('siloQuotasView', { path: { silo: p.silo ?? '' } })
                  read.resource('siloUtilizationView', { path: { silo: p.silo ?? '' } })
                },
                children: [
                  {
                    name: 'siloQuotasEdit',
                    path: 'edit',
                    crumb: 'Edit',
                    page: form(() => import('./forms/silo-quotas-form').then((m) => m.SiloQuotasForm), {
                      params: ['silo'],
                      back: 'siloQuotas',
                    }),
                  },
                ],
              },
              {
                name: 'siloFleetRoles',
                path: 'fleet-roles',
                crumb: 'Fleet roles',
                page: () => import('./pages/system/silo/FleetRolesTab'),
              },
            ],
          },
        ],
      },
      {
        // Issue 16: the fleet's utilization with a per-silo table.
        name: 'systemUtilization',
        path: 'utilization',
        crumb: 'Utilization',
        page: () => import('./pages/system/UtilizationPage'),
        prefetch: (_, read) => {
          read.list('sledList', { query: ALL })
          read.list('siloUtilizationList', { query: ALL })
        },
        nav: { section: 'system', label: 'Utilization', icon: <ChartIcon /> },
      },
      {
        // Issue 15: the inventory (index: sleds) and a sled's page (index: its instances).
        crumb: S.crumbs.inventory,
        children: [
          {
            name: 'inventory',
            path: 'inventory',
            index: 'sleds',
            page: () => import('./pages/system/inventory/InventoryPage'),
            nav: { section: 'system', label: S.crumbs.inventory, icon: <ServerIcon /> },
            children: [
              {
                name: 'inventorySleds',
                path: 'sleds',
                crumb: S.crumbs.sleds,
                page: () => import('./pages/system/inventory/SledsTab'),
                prefetch: lists.sleds.prefetch,
              },
              {
                name: 'inventoryDisks',
                path: 'disks',
                crumb: 'Disks',
                page: () => import('./pages/system/inventory/PhysicalDisksTab'),
                prefetch: lists.physicalDisks.prefetch,
              },
              {
                name: 'inventorySwitches',
                path: 'switches',
                crumb: 'Switches',
                page: () => import('./pages/system/inventory/SwitchesTab'),
                prefetch: lists.switches.prefetch,
              },
            ],
          },
          {
            // A sled's page sits under the Sleds crumb (spec section 2's labels), which leads to the tab.
            crumb: S.crumbs.sleds,
            crumbTo: 'inventorySleds',
            children: [
              {
                name: 'sled',
                path: 'inventory/sleds/:sledId',
                crumb: param('sledId'),
                index: 'instances',
                page: () => import('./pages/system/inventory/SledPage'),
                prefetch: views.sled.prefetch,
                children: [
                  {
                    name: 'sledInstances',
                    path: 'instances',
                    crumb: 'Instances',
                    page: () => import('./pages/system/inventory/SledInstancesTab'),
                    prefetch: lists.sledInstances.prefetch,
                  },
                  {
                    name: 'sledDisks',
                    path: 'disks',
                    crumb: 'Disks',
                    page: () => import('./pages/system/inventory/SledDisksTab'),
                    prefetch: lists.sledPhysicalDisks.prefetch,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // Issue 15: IP pools (spec section 2: networking's index redirects to ip-pools).
        name: 'systemNetworking',
        path: 'networking',
        index: 'ip-pools',
        crumb: S.crumbs.ipPools,
        children: [
          {
            page: () => import('./pages/system/IpPoolsPage'),
            prefetch: lists.ipPools.prefetch,
            children: [
              {
                name: 'ipPools',
                path: 'ip-pools',
                nav: listNav('system', kinds.ipPool),
              },
              {
                name: 'ipPoolsNew',
                path: 'ip-pools-new',
                crumb: 'New IP pool',
                page: form(() => import('./forms/ip-pool-form').then((m) => m.IpPoolForm), {
                  params: [],
                  back: 'ipPools',
                  opens: { to: 'ipPool', param: 'pool' },
                }),
              },
            ],
          },
          {
            name: 'ipPool',
            path: 'ip-pools/:pool',
            crumb: param('pool'),
            index: 'ranges',
            page: () => import('./pages/system/ip-pool/IpPoolPage'),
            prefetch: views.ipPool.prefetch,
            children: [
              {
                name: 'ipPoolEdit',
                path: 'edit',
                crumb: 'Edit',
                page: form(() => import('./forms/ip-pool-form').then((m) => m.IpPoolForm), {
                  params: ['pool'],
                  key: 'pool',
                  back: 'ipPool',
                  opens: { to: 'ipPool', param: 'pool' },
                }),
              },
              {
                crumb: 'Ranges',
                page: () => import('./pages/system/ip-pool/RangesTab'),
                prefetch: tables.ipPoolRanges.prefetch,
                children: [
                  { name: 'ipPoolRanges', path: 'ranges' },
                  {
                    name: 'ipPoolRangesAdd',
                    path: 'ranges-add',
                    crumb: 'Add range',
                    page: form(() => import('./forms/ip-range-form').then((m) => m.IpRangeAddForm), {
                      params: ['pool'],
                      key: 'pool',
                      back: 'ipPoolRanges',
                    }),
                  },
                ],
              },
              {
                name: 'ipPoolSilos',
                path: 'silos',
                crumb: 'Linked silos',
                page: () => import('./pages/system/ip-pool/PoolSilosTab'),
                prefetch: (p, read) => {
                  read.list('systemIpPoolSiloList', {
                    path: { pool: p.pool ?? '' },
                    query: { limit: TABLE_LIMIT },
                  })
                  read.list('siloList', { query: { limit: TABLE_LIMIT } })
                },
              },
            ],
          },
        ],
      },
      {
        // The system software's update (spec section 1's "updates"): its status and the uploaded releases.
        name: 'systemUpdate',
        path: 'update',
        crumb: 'System update',
        page: () => import('./pages/system/UpdatePage'),
        prefetch: (p, read) => {
          read.resource('systemUpdateStatus', {})
          tables.releases.prefetch(p, read)
        },
        nav: { section: 'system', label: 'System update', icon: kinds.release.icon },
      },
      {
        // Spec section 2: "issues (empty)".
        name: 'systemIssues',
        path: 'issues',
        crumb: 'Issues',
        page: () => import('./pages/system/IssuesPage'),
        nav: { section: 'system', label: 'Issues', icon: <AlertIcon /> },
      },
      {
        name: 'systemAccess',
        path: 'access',
        crumb: 'Access',
        page: () => import('./pages/system/SystemAccessPage'),
        prefetch: (_, read) => read.resource('systemPolicyView', {}),
        nav: { section: 'system', label: 'Access', icon: <UserIcon /> },
      },
    ],
  },

  // Settings (spec section 2: the index redirects to profile).
  {
    name: 'settings',
    path: 'settings',
    layout: 'auth',
    crumb: 'Settings',
    index: 'profile',
    children: [
      {
        name: 'profile',
        path: 'profile',
        crumb: 'Profile',
        page: () => import('./pages/settings/ProfilePage'),
        prefetch: (_, read) => {
          read.resource('currentUserView', {})
          read.list('currentUserGroups', {})
        },
        nav: { section: 'account', label: 'Settings', icon: <SettingsIcon /> },
      },
      {
        crumb: 'SSH keys',
        page: () => import('./pages/settings/SshKeysPage'),
        prefetch: lists.sshKeys.prefetch,
        children: [
          {
            name: 'sshKeys',
            path: 'ssh-keys',
            nav: listNav('account', kinds.sshKey),
          },
          {
            name: 'sshKeysNew',
            path: 'ssh-keys-new',
            crumb: 'New SSH key',
            page: form(() => import('./forms/ssh-key-create').then((m) => m.SshKeyCreateForm), {
              params: [],
              back: 'sshKeys',
            }),
          },
          {
            name: 'sshKey',
            path: 'ssh-keys/:sshKey',
            crumb: param('sshKey'),
            index: 'edit',
            children: [
              {
                name: 'sshKeyEdit',
                path: 'edit',
                crumb: 'View',
                page: form(() => import('./forms/ssh-key-view').then((m) => m.SshKeyViewForm), {
                  params: ['sshKey'],
                  back: 'sshKeys',
                }),
              },
            ],
          },
        ],
      },
      {
        name: 'accessTokens',
        path: 'access-tokens',
        crumb: 'Access tokens',
        page: () => import('./pages/settings/AccessTokensPage'),
        prefetch: lists.accessTokens.prefetch,
        nav: listNav('account', kinds.accessToken),
      },
    ],
  },

  // Dev only (never in a production bundle): live actors and their statecharts.
  ...(import.meta.env.DEV
    ? ([
        {
          name: 'devMachines',
          path: 'dev/machines',
          layout: 'auth',
          crumb: 'Machines',
          page: () => import('./pages/dev/MachinesPage'),
        },
      ] as const)
    : []),
] as const satisfies readonly RouteNode[]

// ---------------------------------------------------------------------------------------------------
// Patterns: filling and matching.

const joinPattern = (base: string, path: string | undefined) => (path ? `${base}/${path}` : base)

/** Fills a full pattern with params, each encoded as one segment; absent optional params drop out. */
export function fillPattern(pattern: string, params: Readonly<Record<string, string | undefined>>): string {
  const parts: string[] = []
  for (const seg of pattern.split('/').filter(Boolean)) {
    if (!seg.startsWith(':')) {
      parts.push(seg)
      continue
    }
    const optional = seg.endsWith('?')
    const name = seg.slice(1, optional ? -1 : undefined)
    const value = params[name]
    if (value === undefined || value === '') {
      if (optional) continue
      throw new Error(`path ${pattern} needs :${name}`)
    }
    parts.push(encodeURIComponent(value))
  }
  return `/${parts.join('/')}`
}

type Compiled = {
  node: RouteNode
  /** Root first, the node last. */
  chain: readonly RouteNode[]
  pattern: string
  exec: (pathname: string) => Params | null
}

function compileMatcher(pattern: string): Compiled['exec'] {
  const names: string[] = []
  let source = ''
  for (const seg of pattern.split('/').filter(Boolean)) {
    if (seg.startsWith(':')) {
      const optional = seg.endsWith('?')
      names.push(seg.slice(1, optional ? -1 : undefined))
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)'
    } else {
      source += `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
    }
  }
  const re = new RegExp(`^${source}/?$`)
  return (pathname) => {
    const m = re.exec(pathname)
    if (!m) return null
    const params: Params = {}
    for (const [i, n] of names.entries()) {
      const raw = m[i + 1]
      if (raw === undefined) continue
      // A malformed escape (`%E0%A4%A`) is a URL that names nothing: Page not found, not a crash.
      try {
        params[n] = decodeURIComponent(raw)
      } catch {
        return null
      }
    }
    return params
  }
}

/** Params of `pathname` under a full pattern, or null (exported for tests of optional segments). */
export const matchPattern = (pattern: string, pathname: string): Params | null =>
  compileMatcher(pattern)(pathname)

const compiled: Compiled[] = []
const patternOf = new Map<RouteNode, string>()
;(function walk(nodes: readonly RouteNode[], base: string, chain: readonly RouteNode[]) {
  for (const node of nodes) {
    const pattern = joinPattern(base, node.path)
    const here = [...chain, node]
    patternOf.set(node, pattern)
    if (node.name) compiled.push({ node, chain: here, pattern, exec: compileMatcher(pattern) })
    if (node.children) walk(node.children, pattern, here)
  }
})(routeTree, '', [])

/** Full pattern of every named node (`disks` -> `/projects/:project/disks`), for the path builder. */
export const namedPatterns: ReadonlyMap<string, string> = new Map(
  compiled.map((c) => [c.node.name ?? '', c.pattern || '/']),
)

export type RouteMatch = {
  /** The matched (named) node; `route.page` is its own page, if any. */
  route: RouteNode
  chain: readonly RouteNode[]
  params: Params
  layout: Layout
}

export function matchPath(pathname: string): RouteMatch | null {
  for (const c of compiled) {
    const params = c.exec(pathname)
    if (!params) continue
    const layout = [...c.chain].reverse().find((n) => n.layout)?.layout ?? 'auth'
    return { route: c.node, chain: c.chain, params, layout }
  }
  return null
}

/** The URL a node stands for: its own, or for a pathless node (a list's page) its first named child. */
function hrefOf(node: RouteNode, params: Params): string | null {
  if (node.name) return fillPattern(patternOf.get(node) ?? '', params)
  for (const child of node.children ?? []) {
    const href = hrefOf(child, params)
    if (href) return href
  }
  return null
}

/** Where an index node redirects to (spec section 2). */
export function indexRedirect(match: RouteMatch): string | null {
  const { index } = match.route
  if (index === undefined) return null
  return fillPattern(joinPattern(patternOf.get(match.route) ?? '', index), match.params)
}

export type Crumb = { label: string; href: string }

/** Breadcrumbs from route labels (spec section 2): one per node of the chain that has a label. */
export function breadcrumbs(match: RouteMatch | null): Crumb[] {
  if (!match) return []
  const crumbs: Crumb[] = []
  for (const node of match.chain) {
    if (node.crumb === undefined) continue
    const to = node.crumbTo === undefined ? undefined : namedPatterns.get(node.crumbTo)
    const href = to === undefined ? hrefOf(node, match.params) : fillPattern(to, match.params)
    if (!href) continue
    crumbs.push({ label: typeof node.crumb === 'function' ? node.crumb(match.params) : node.crumb, href })
  }
  return crumbs
}

export const APP_NAME = 'Rack Console'

/** The document title follows the breadcrumbs, innermost first, so many open tabs stay distinct. */
export function documentTitle(match: RouteMatch | null): string {
  if (!match) return `${S.notFoundTitle} / ${APP_NAME}`
  return [
    ...breadcrumbs(match)
      .map((c) => c.label)
      .reverse(),
    APP_NAME,
  ].join(' / ')
}

/**
 * The location whose scroll position a screen keeps: a form route shares its list's, so opening and
 * closing a form over the list neither scrolls it nor forgets where it was.
 */
export function scrollHome(match: RouteMatch | null, pathname: string): string {
  const top = match?.chain.find((n) => n.page)
  return (top && match && hrefOf(top, match.params)) ?? pathname
}

/** Sidebar entries of a section, in tree order; project paths are filled with the current project. */
export function navEntries(
  section: NavSection,
  params: Params = {},
): { label: string; href: string; icon: ReactNode }[] {
  const out: { label: string; href: string; icon: ReactNode }[] = []
  for (const c of compiled) {
    const nav = c.node.nav
    if (nav?.section !== section) continue
    try {
      out.push({ label: nav.label, href: fillPattern(c.pattern, params), icon: nav.icon })
    } catch {
      // A project entry outside a project: it has no URL to link to.
    }
  }
  return out
}

/** Hover prefetch: what a node reads is fetched when its cached copy is stale. */
const fetchReader: DataReader = {
  list: (endpoint, params, pageToken) => void prefetchList(endpoint, params, pageToken),
  resource: (endpoint, params) => void prefetchResource(endpoint, params),
}

/** Match-time warm-up: IndexedDB only, into the memory the screen's hooks read in their first render. */
const warmReader: DataReader = {
  list: (endpoint, params, pageToken) => void warmList(endpoint, params, pageToken),
  resource: (endpoint, params) => void warmResource(endpoint, params),
}

/** Data the layouts above a matched page read: the signed-in layout shows the user. */
function warmLayout(match: RouteMatch, read: DataReader): void {
  if (match.layout === 'auth') read.resource('currentUserView', {})
}

/**
 * The moment a route is known: the pages' code and the cached data they read start loading together,
 * so the page's first render finds its rows in memory. `extra` reads the same keys another way too
 * (the cold start's early requests). Idempotent: the loads and reads are shared.
 */
type PageLoader = NonNullable<RouteNode['page']>

/**
 * Where a page's code failed to arrive. Chromium keeps a failed dynamic import failed for the page's
 * life (the same import rejects again without a request), so a retry asks for the same file under
 * another URL: a module never evaluated, fetched anew.
 */
const failedChunks = new Map<PageLoader, string>()
const loadedModules = new Map<PageLoader, PageModule>()
let retries = 0

function chunkOf(error: unknown): string | undefined {
  const url = /https?:\/\/\S+?\.js\b/.exec(String((error as Error | undefined)?.message))?.[0]
  return url && new URL(url).origin === location.origin ? url : undefined
}

/** Loads a page's code and remembers the component, so a later render can use it without suspending. */
export function loadPage(load: PageLoader): Promise<PageModule> {
  // Loaded already (maybe under a retry's URL): the import that failed is never asked again.
  const loaded = loadedModules.get(load)
  if (loaded) return Promise.resolve(loaded)
  const failed = failedChunks.get(load)
  const attempt = failed
    ? (import(/* @vite-ignore */ `${failed}?retry=${++retries}`) as Promise<PageModule>)
    : load()
  return attempt.then(
    (m) => {
      failedChunks.delete(load)
      loadedModules.set(load, m)
      return m
    },
    (error: unknown) => {
      const chunk = failed ?? chunkOf(error)
      if (chunk) failedChunks.set(load, chunk)
      throw error
    },
  )
}

/** The page's component when its code has already loaded. */
export function loadedPage(load: PageLoader): ComponentType | undefined {
  return loadedModules.get(load)?.default
}

/** Resolves once the code of every page of the chain has loaded (or failed: the page shows why). */
export function pagesLoaded(match: RouteMatch): Promise<void> {
  const loads = match.chain.flatMap((n) => (n.page ? [loadPage(n.page).catch(() => undefined)] : []))
  return Promise.all(loads).then(() => undefined)
}

export function warmMatch(match: RouteMatch, search: string, extra?: DataReader): void {
  const at = listPosition(search)
  const read: DataReader = extra
    ? {
        list: (e, p, t) => {
          warmReader.list(e, p, t)
          extra.list(e, p, t)
        },
        resource: (e, p) => {
          warmReader.resource(e, p)
          extra.resource(e, p)
        },
      }
    : warmReader
  warmLayout(match, read)
  for (const node of match.chain) {
    node.prefetch?.(match.params, read, at)
    if (node.page) loadPage(node.page).catch(() => undefined)
  }
}

const warmed = new Set<string>()

/** Link prefetch (spec section 9): loads the code of every page on the way and warms their data. */
export function warmRoute(href: string): void {
  const url = new URL(href, window.location.origin)
  const key = url.pathname + url.search
  if (warmed.has(key)) return
  const m = matchPath(url.pathname)
  if (!m) return
  warmed.add(key)
  const at = listPosition(url.search)
  for (const node of m.chain) {
    node.prefetch?.(m.params, fetchReader, at)
    if (node.page) loadPage(node.page).catch(() => warmed.delete(key))
  }
}

/** Paths where the loading skeleton is skipped (spec section 2: login and device paths). */
export function skipsSkeleton(match: RouteMatch | null): boolean {
  return match?.layout === 'login' || match?.layout === 'device'
}
