// Cells that name a resource another one refers to by id (a disk's instance, a floating IP's
// instance, a snapshot's disk): read through storage, so a second visit paints the name from the
// cache; the id stands in until (or unless) the name is known.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useResource } from '../../storage'
import { ResourceLink } from '../components/ResourceLink'
import { paths } from '../paths'

const idClass = css({ color: 'fg.muted', fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' })

/** A link named `name` to `href` once the name is known; the id (linked to `fallback`, if any) until then. */
export function NameLink({
  id,
  name,
  href,
  fallback,
}: {
  id: string
  name: string | undefined
  href: string | undefined
  fallback?: string
}): ReactNode {
  const target = name && href ? href : fallback
  const text = name && href ? name : <span className={idClass}>{id}</span>
  return target ? <ResourceLink href={target}>{text}</ResourceLink> : text
}

/** An instance by id: its page once its name is read, the lookup route (which resolves it) until then. */
export function InstanceLink({ id, project }: { id: string; project: string }) {
  const name = useResource('instanceView', { path: { instance: id } }).data?.name
  return (
    <NameLink
      id={id}
      name={name}
      href={name && paths.instance({ project, instance: name })}
      fallback={paths.lookupInstance({ instance: id })}
    />
  )
}
