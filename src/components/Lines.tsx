import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

const stack = css({ display: 'grid', gap: '0.5' })
const mono = css({ fontFamily: 'mono', fontSize: 'sm' })

/** A table cell listing several values (networks, ports, targets), one a line; `empty` when none. */
export function Lines({ items, empty }: { items: readonly string[] | null | undefined; empty: ReactNode }) {
  if (!items?.length) return empty
  return (
    <span className={stack}>
      {items.map((s) => (
        <span key={s} className={mono}>
          {s}
        </span>
      ))}
    </span>
  )
}
