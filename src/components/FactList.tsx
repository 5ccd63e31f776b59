// Facts read one per line, terms in a column and their values beside them, so every such view reads the
// same: a resource in a side modal (a disk, an image), the user's profile, an instance's auto-restart.
// A resource's page shows its own under the title with Details instead.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

const list = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '6',
  rowGap: '3',
  m: '0',
  fontSize: 'sm',
  // Badges and copy buttons sit level with their terms.
  alignItems: 'center',
  '& dt': { color: 'fg.muted' },
  '& dd': { m: '0', minW: '0', overflowWrap: 'anywhere' },
})
const row = css({ display: 'contents' })

/** A value in monospace (an ID, a device path, a digest), broken anywhere rather than overflowing. */
export const factMono = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' })

export function FactList({ children }: { children: ReactNode }) {
  return <dl className={list}>{children}</dl>
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={row}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
