// A titled part of a form that builds a list one entry at a time (a firewall rule's targets, hosts,
// protocols and ports; a network interface's transit IPs): the entries added so far, each with its
// Remove button, or "None"; then the controls that add the next one (`children`).
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../components'

const group = css({ borderTopWidth: '1px', borderColor: 'border.default', pt: '4', mt: '2', mb: '4' })
const groupTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' })
const groupHelp = css({ fontSize: 'xs', color: 'fg.muted', mb: '3' })
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0 0 2' })
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  pl: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  fontSize: 'sm',
})
const monoChip = css({ fontFamily: 'mono' })
const none = css({ fontSize: 'sm', color: 'fg.muted', mb: '2' })

export function EntryList({
  title,
  help,
  entries,
  onRemove,
  mono = false,
  children,
}: {
  title: string
  help: string
  /** What each added entry reads as (also its key: entries are distinct). */
  entries: readonly string[]
  /** Removes the entry at `index`. */
  onRemove: (index: number) => void
  /** Entries in a fixed-width face (addresses, networks). */
  mono?: boolean
  children: ReactNode
}) {
  return (
    <section className={group} aria-label={title}>
      <h3 className={groupTitle}>{title}</h3>
      <p className={groupHelp}>{help}</p>
      {entries.length ? (
        <ul className={chips} aria-label={`${title} added`}>
          {entries.map((entry, i) => (
            <li key={entry} className={chip}>
              <span className={mono ? monoChip : undefined}>{entry}</span>
              <Button variant="ghost" size="sm" aria-label={`Remove ${entry}`} onClick={() => onRemove(i)}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={none}>None</p>
      )}
      {children}
    </section>
  )
}
