import { css, cx } from 'styled-system/css'

const block = css({
  display: 'block',
  bg: 'bg.skeleton',
  borderRadius: 'sm',
  animation: 'pulse',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
})

export interface SkeletonProps {
  /** Width and height: panda size tokens ('3', '8') or any CSS length. */
  w?: string
  h?: string
  className?: string
}

const tokenLike = /^\d+(\.\d+)?$/
const toCss = (v: string) => (tokenLike.test(v) ? `var(--spacing-${v.replace('.', '\\.')})` : v)

/** A decorative loading block; the region around it carries aria-busy / the status. */
export function Skeleton({ w = '100%', h = '4', className }: SkeletonProps) {
  return (
    <span aria-hidden="true" className={cx(block, className)} style={{ width: toCss(w), height: toCss(h) }} />
  )
}

const page = css({ display: 'flex', flexDir: 'column', gap: '6', p: '6', w: 'full' })
const row = css({ display: 'flex', alignItems: 'center', gap: '3' })
const srOnly = css({ srOnly: true })

/** Full-page placeholder for a route that is loading (spec 2: skipped on login and device paths). */
export function PageSkeleton({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className={page} role="status" aria-busy="true">
      <span className={srOnly}>{label}</span>
      <div className={row}>
        <Skeleton w="8" h="8" />
        <Skeleton w="12rem" h="6" />
        <span className={css({ flex: '1' })} />
        <Skeleton w="7rem" h="9" />
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <Skeleton h="9" />
        {[70, 55, 80, 60, 75, 50].map((pct) => (
          <div key={pct} className={row}>
            <Skeleton w={`${pct}%`} h="5" />
          </div>
        ))}
      </div>
    </div>
  )
}
