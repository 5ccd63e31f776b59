// What a resource is, as a grid of labelled values under a page's title (instance, VPC, router, group):
// one layout, and one way to show an ID with its copy button.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { CopyableValue } from './CopyableValue'

const list = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: '4',
  mb: '6',
})
const labelClass = css({ color: 'fg.muted', fontSize: 'xs', mb: '1' })
export const monoValue = css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all' })

export function Details({ children }: { children: ReactNode }) {
  return <dl className={list}>{children}</dl>
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className={labelClass}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** An ID in monospace with a copy button named after what it identifies ("instance ID"). */
export function IdValue({ id, label }: { id: string; label: string }) {
  return <CopyableValue value={id} label={label} size="sm" breakAll />
}
