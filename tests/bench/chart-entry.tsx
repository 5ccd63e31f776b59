// Bundled by bench.ts (esbuild) and run in Chromium: renders TimeSeriesChart with 7 days of one-minute
// points (10,080 per series, 3 series) and times each render, from the start of React's render to the
// end of the layout it causes. `plotWidth` sets the container: at the page's width the chart decimates
// to it; at a width above the point count nothing is decimated, the baseline measured in the same run.
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import TimeSeriesChart, { type ChartSeries } from '../../src/components/charts/TimeSeriesChart'

const MINUTE = 60_000
const POINTS = 7 * 24 * 60
const END = Date.UTC(2025, 0, 8)
const START = END - POINTS * MINUTE

function series(label: string, phase: number): ChartSeries {
  const points = Array.from({ length: POINTS }, (_, i) => ({
    t: START + i * MINUTE,
    v: 50 + 30 * Math.sin(i / 90 + phase) + 10 * Math.sin(i / 7) + (i % 997 === 0 ? 40 : 0),
  }))
  return { label, points }
}

const data = [series('run', 0), series('idle', 1), series('waiting', 2)]
const format = (v: number) => `${v.toFixed(1)}%`

declare global {
  interface Window {
    chartBench: (plotWidth: number, runs: number) => number[]
  }
}

window.chartBench = (plotWidth, runs) => {
  const host = document.createElement('div')
  host.style.width = `${plotWidth}px`
  document.body.append(host)
  const root = createRoot(host)
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    flushSync(() => {
      // A new key is a new chart: every run measures a first render, with its width measurement.
      root.render(
        <TimeSeriesChart key={i} title="CPU" series={data} start={START} end={END} formatValue={format} />,
      )
    })
    host.getBoundingClientRect()
    if (!host.querySelector('path[data-series]')) throw new Error('the chart drew no series')
    samples.push(performance.now() - t0)
  }
  root.unmount()
  host.remove()
  return samples
}
