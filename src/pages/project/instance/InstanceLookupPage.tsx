// lookup/instances/{instance} and lookup/i/{instance} (spec section 2): resolve the instance, then
// its project, then go (replacing the lookup URL in history) to the instance's storage tab; Page not
// found when it does not resolve. The API finds an instance without its project only by id: a bare
// name names no instance (names are unique only within a project), so it is not found.
import { css } from 'styled-system/css'
import { Redirect } from 'wouter'
import { useResource } from '../../../../storage'
import type { Instance } from '../../../api/types'
import { Skeleton } from '../../../components'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { errorOrOffline, type ReadState } from '../../../ui/stand-in'
import { NotFoundPage } from '../../NotFoundPage'
import { isUuid } from './helpers'

/** What shows while a step of the lookup has no answer: not found, the error, offline or loading. */
function Pending({ query }: { query: ReadState }) {
  if (query.error?.kind === 'not_found') return <NotFoundPage />
  const standIn = errorOrOffline(
    query,
    'This instance is not cached on this device, so it cannot be looked up until the connection is back.',
  )
  if (standIn) return standIn
  return (
    <div aria-busy="true" className={css({ display: 'grid', gap: '3' })}>
      <span className={css({ srOnly: true })}>Looking up the instance</span>
      <Skeleton />
      <Skeleton />
    </div>
  )
}

function ToProject({ instance }: { instance: Instance }) {
  const project = useResource('projectView', { path: { project: instance.projectId } })
  if (!project.data) return <Pending query={project} />
  return (
    <Redirect to={paths.instanceStorage({ project: project.data.name, instance: instance.name })} replace />
  )
}

function ById({ id }: { id: string }) {
  const view = useResource('instanceView', { path: { instance: id } })
  if (!view.data) return <Pending query={view} />
  return <ToProject instance={view.data} />
}

export default function InstanceLookupPage() {
  const { instance } = useRouteParams('instance')
  // Asking the API for a bare name would be a 400 (it needs the project): that is not found here.
  if (!isUuid(instance)) return <NotFoundPage />
  return <ById key={instance} id={instance} />
}
