// What a chart's place shows instead of its plot (no data for the range; or, before the first answer,
// loading, offline or the error): a dashed, muted box as tall as the plot, its message centred. A module
// of its own, so a chart's stand-in (MetricChart) does not load the chart (visx) to show it.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

const box = css({
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'md',
  color: 'fg.muted',
  fontSize: 'sm',
  p: '4',
})

/** `height`: the plot's, in px. */
export function ChartNotice({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div className={box} style={{ minHeight: height }}>
      {children}
    </div>
  )
}
