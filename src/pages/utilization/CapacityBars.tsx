// Capacity bars for CPU, memory and storage: what is provisioned against the quota (a silo) or against
// the fleet's capacity with the silos' quotas marked (the system). Every figure is also written out
// with its percentage, so nothing depends on reading the bar's length or colour.
import type { ReactNode } from 'react'
import { css, cva } from 'styled-system/css'
import { Skeleton } from '../../components/Skeleton'
import { available, type Counts, formatShare, RESOURCES, type UtilResource } from './resources'

export type CapacityFigures = {
  provisioned: Counts
  /** The silo's quota, or (system) the sum of every silo's quota: what is allocated. */
  quota: Counts
  /** The fleet's capacity estimate: when given, the bars measure against it. */
  capacity?: Counts | undefined
}

const grid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  gap: '4',
  listStyle: 'none',
  p: '0',
  mb: '6',
})
const card = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4' })
const heading = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '3' })
const track = css({
  position: 'relative',
  h: '2.5',
  borderRadius: 'full',
  bg: 'bg.skeleton',
  overflow: 'hidden',
  mb: '3',
})
// Past the quota (or capacity) the fill turns red; the text says by how much.
const fill = cva({
  base: { position: 'absolute', insetY: '0', left: '0', bg: 'accent.solid' },
  variants: { over: { true: { bg: 'danger.solid' }, false: {} } },
})
// Lines across the bar where the quota (system) and the limit end when the scale goes past them.
const marker = css({ position: 'absolute', insetY: '0', w: '2px', bg: 'fg.default' })
const figures = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1' })
const label = css({ color: 'fg.muted', fontSize: 'xs', alignSelf: 'center' })
const value = css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })
const note = css({ color: 'fg.muted', fontSize: 'xs', ml: '1' })

/** Position on the bar, in percent of its scale (overcommitted figures stop at the end). */
const at = (v: number, scale: number) => `${Math.min(100, (v / scale) * 100)}%`

function Figure({ name, children, share }: { name: string; children: ReactNode; share?: string }) {
  return (
    <>
      <dt className={label}>{name}</dt>
      <dd className={value}>
        {children}
        {share && ' '}
        {share && <span className={note}>({share})</span>}
      </dd>
    </>
  )
}

/** A bar's heading: h3 under a section's h2, h2 straight under the page's h1 (no level skipped). */
export type HeadingLevel = 2 | 3

function CapacityBar({
  resource,
  figures: f,
  quotaLabel,
  level,
}: {
  resource: UtilResource
  figures: CapacityFigures
  quotaLabel: string
  level: HeadingLevel
}) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const { key, title, format } = resource
  const provisioned = f.provisioned[key]
  const quota = f.quota[key]
  const capacity = f.capacity?.[key]
  const whole = capacity ?? quota
  const against = capacity === undefined ? 'quota' : 'capacity'
  const scale = Math.max(whole, quota, provisioned) || 1
  return (
    <section aria-label={`${title} utilization`} className={card}>
      <Heading className={heading}>{title}</Heading>
      <div className={track} aria-hidden="true">
        <div className={fill({ over: provisioned > whole })} style={{ width: at(provisioned, scale) }} />
        {capacity !== undefined && <div className={marker} style={{ left: at(quota, scale) }} />}
        {whole < scale && <div className={marker} style={{ left: at(whole, scale) }} />}
      </div>
      <dl className={figures}>
        <Figure name="Provisioned" share={`${formatShare(provisioned, whole)} of ${against}`}>
          {format(provisioned)}
        </Figure>
        <Figure
          name={quotaLabel}
          {...(capacity === undefined ? {} : { share: `${formatShare(quota, capacity)} of capacity` })}
        >
          {format(quota)}
        </Figure>
        {capacity !== undefined && <Figure name="Capacity">{format(capacity)}</Figure>}
        <Figure name="Available">{format(available(whole, provisioned))}</Figure>
      </dl>
    </section>
  )
}

/** The three bars; skeletons until the figures are known. */
export function CapacityBars({
  figures,
  quotaLabel,
  level = 3,
}: {
  figures: CapacityFigures | undefined
  quotaLabel: string
  level?: HeadingLevel
}) {
  return (
    <ul className={grid} aria-busy={figures ? undefined : true}>
      {RESOURCES.map((r) => (
        <li key={r.key}>
          {figures ? (
            <CapacityBar resource={r} figures={figures} quotaLabel={quotaLabel} level={level} />
          ) : (
            <div className={card}>
              <Skeleton h="8rem" />
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
