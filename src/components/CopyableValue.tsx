// A value in monospace with its copy button beside it (an ID, an IP address): the copy button's label
// names what is copied ("Copy disk ID"). The text's size follows what stands around it.
import { css, cva } from 'styled-system/css'
import { CopyButton } from './CopyButton'

const row = css({ display: 'inline-flex', alignItems: 'center', gap: '1' })
const text = cva({
  base: { fontFamily: 'mono' },
  variants: {
    size: { xs: { fontSize: 'xs' }, sm: { fontSize: 'sm' } },
    /** A long value without spaces (an ID) may break anywhere rather than overflow its column. */
    breakAll: { true: { wordBreak: 'break-all' }, false: {} },
  },
  defaultVariants: { breakAll: false },
})

export function CopyableValue({
  value,
  label,
  size,
  breakAll,
}: {
  value: string
  /** What is copied, for the button's accessible name. */
  label: string
  size: 'xs' | 'sm'
  breakAll?: boolean
}) {
  return (
    <span className={row}>
      <span className={text({ size, breakAll })}>{value}</span>
      <CopyButton value={value} label={label} />
    </span>
  )
}
