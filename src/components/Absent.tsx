import { css } from 'styled-system/css'

const muted = css({ color: 'fg.muted' })
const srOnly = css({ srOnly: true })

/** A table cell's "nothing here": a muted dash on screen, `label` ("None", "Not attached") when read. */
export function Absent({ label }: { label: string }) {
  return (
    <span className={muted}>
      <span aria-hidden="true">—</span>
      <span className={srOnly}>{label}</span>
    </span>
  )
}
