// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatBytes, MiB, TiB } from '../../util/bytes'
import {
  binaryTicks,
  nearestIndex,
  summarize,
  tableRows,
  textWidth,
  timeTickFormat,
  yAxisMargin,
  yTop,
} from './chart-math'
import TimeSeriesChart, { type ChartSeries } from './TimeSeriesChart'

afterEach(cleanup)

const START = Date.UTC(2025, 0, 1, 12, 0)
const minute = 60_000
const series = (label: string, values: number[]): ChartSeries => ({
  label,
  points: values.map((v, i) => ({ t: START + i * minute, v })),
})
const pct = (v: number) => `${v.toFixed(1)}%`

function draw(s: ChartSeries[], kind?: 'line' | 'area') {
  return render(
    <TimeSeriesChart
      title="CPU utilization"
      series={s}
      start={START}
      end={START + 10 * minute}
      formatValue={pct}
      kind={kind}
    />,
  )
}

describe('TimeSeriesChart', () => {
  it('draws one path per series, a legend and a summary of each', () => {
    const { container } = draw([series('run', [1, 5, 3]), series('idle', [50, 40, 60])])
    expect(container.querySelectorAll('[data-series]')).toHaveLength(2)
    expect(container.querySelector('[data-series="run"]')?.getAttribute('d')).toMatch(/^M/)
    const legend = screen.getByRole('list', { name: 'CPU utilization legend' })
    expect(within(legend).getByText('idle')).toBeTruthy()
    const summary = screen.getByRole('list', { name: 'CPU utilization summary' })
    expect(summary.textContent).toContain('run: min 1.0%, max 5.0%, latest 3.0%')
    expect(summary.textContent).toContain('idle: min 40.0%, max 60.0%, latest 60.0%')
    expect(screen.getByRole('group', { name: 'CPU utilization' })).toBeTruthy()
  })

  it('has no legend for a single series and draws an area when asked', () => {
    const { container } = draw([series('bytes', [1, 2])], 'area')
    expect(screen.queryByRole('list', { name: 'CPU utilization legend' })).toBeNull()
    expect(container.querySelector('[data-series="bytes"]')?.getAttribute('d')).toMatch(/Z$/)
  })

  it('moves a crosshair with the arrow keys and shows exact values in a tooltip', () => {
    draw([series('run', [1, 5, 3])])
    const plot = screen.getByRole('group', { name: 'CPU utilization' })
    fireEvent.keyDown(plot, { key: 'ArrowRight' })
    expect(screen.getByRole('tooltip').textContent).toContain('run: 1.0%')
    fireEvent.keyDown(plot, { key: 'ArrowRight' })
    expect(screen.getByRole('tooltip').textContent).toContain('run: 5.0%')
    fireEvent.keyDown(plot, { key: 'End' })
    expect(screen.getByRole('tooltip').textContent).toContain('run: 3.0%')
    fireEvent.keyDown(plot, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('toggles a table of the points', () => {
    draw([series('run', [1, 5]), series('idle', [7, 8])])
    fireEvent.click(screen.getByRole('button', { name: 'Show table' }))
    const table = screen.getByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByRole('columnheader', { name: 'idle' })).toBeTruthy()
    expect(within(table).getByText('8.0%')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Hide table' }))
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('sizes its left margin to show the widest y label whole', () => {
    const vcpus = (v: number) => `${v.toLocaleString('en-US')} vCPUs`
    const { container } = render(
      <TimeSeriesChart
        title="CPU"
        series={[series('provisioned', [0, 12_000, 20_000])]}
        start={START}
        end={START + 10 * minute}
        formatValue={vcpus}
        yMax={20_000}
      />,
    )
    const plotAt = /translate\(([\d.]+),/.exec(
      container.querySelector('svg > g')?.getAttribute('transform') ?? '',
    )
    // DejaVu Sans draws "20,000 vCPUs" 76.6 px wide at 11 px; then the tick and the gap (12 px).
    expect(Number(plotAt?.[1])).toBeGreaterThanOrEqual(76.6 + 12)
    expect(container.querySelector('svg')?.textContent).toContain('20,000 vCPUs')
  })

  it('steps a byte axis in round binary units up to a quota', () => {
    const { container } = render(
      <TimeSeriesChart
        title="Storage provisioned"
        series={[series('provisioned', [0, 20 * TiB, 36.4 * TiB])]}
        start={START}
        end={START + 10 * minute}
        formatValue={(v) => formatBytes(v)}
        yMax={100 * TiB}
        binary
      />,
    )
    const labels = [...container.querySelectorAll('svg text')].map((t) => t.textContent)
    // Not 18.19 TiB, 36.38 TiB… (round byte counts) topping out at 90.95 TiB below a 100 TiB quota.
    expect(labels).toEqual(expect.arrayContaining(['0 B', '50 TiB', '100 TiB']))
    expect(labels.some((l) => l?.includes('.'))).toBe(false)
  })

  it('says when there is nothing to draw', () => {
    const { container } = draw([series('run', [])])
    expect(screen.getByText('No data for this time range')).toBeTruthy()
    expect(container.querySelector('svg')).toBeNull()
  })
})

describe('chart math', () => {
  const pts = [0, 10, 20, 30].map((t) => ({ t, v: t }))
  it('finds the nearest point by time', () => {
    expect(nearestIndex(pts, -5)).toBe(0)
    expect(nearestIndex(pts, 14)).toBe(1)
    expect(nearestIndex(pts, 16)).toBe(2)
    expect(nearestIndex(pts, 99)).toBe(3)
    expect(nearestIndex([], 1)).toBe(-1)
  })

  it('puts byte ticks on whole numbers of one binary unit', () => {
    const inUnits = (top: number, fixed = false) =>
      binaryTicks(top, 4, fixed).ticks.map((v) => formatBytes(v))
    expect(inUnits(36.38 * TiB)).toEqual(['0 B', '10 TiB', '20 TiB', '30 TiB', '40 TiB'])
    expect(binaryTicks(36.38 * TiB, 4, false).top).toBe(40 * TiB)
    expect(inUnits(100 * TiB, true)).toEqual(['0 B', '50 TiB', '100 TiB'])
    expect(binaryTicks(100 * TiB, 4, true).top).toBe(100 * TiB)
    expect(inUnits(5.72 * MiB)).toEqual(['0 B', '2 MiB', '4 MiB', '6 MiB'])
    expect(inUnits(1)).toEqual(['0 B', '1 B'])
    // Just under a unit's 1024 stays in it, with a step that is still round.
    expect(inUnits(1000 * MiB)).toEqual(['0 B', '500 MiB', '1,000 MiB'])
  })

  it('tops the y axis at a fixed maximum or the data', () => {
    expect(yTop([{ points: pts }])).toBe(30)
    expect(yTop([{ points: pts }], 100)).toBe(100)
    expect(yTop([{ points: [{ t: 0, v: 0 }] }])).toBe(1)
  })

  it('summarizes min, max and latest', () => {
    expect(
      summarize('a', [
        { t: 0, v: 3 },
        { t: 1, v: -1 },
        { t: 2, v: 2 },
      ]),
    ).toEqual({
      label: 'a',
      min: -1,
      max: 3,
      latest: 2,
    })
    expect(summarize('a', [])).toBeNull()
  })

  it('merges series into table rows by time', () => {
    expect(tableRows([{ points: [{ t: 1, v: 1 }] }, { points: [{ t: 2, v: 2 }] }])).toEqual([
      { t: 1, values: [1, undefined] },
      { t: 2, values: [undefined, 2] },
    ])
  })

  it('estimates label widths never short of DejaVu Sans (the widest common UI sans-serif)', () => {
    // Widths at 11 px from DejaVu Sans' advance widths (digits 0.636 em, "," and " " 0.318 em, "M"
    // 0.863 em...), as Chromium measures them with system-ui on Debian.
    const dejaVu: [string, number][] = [
      ['20,000 vCPUs', 76.6],
      ['3.81 MiB/s', 57.5],
      ['100%', 31.4],
      ['999.9 KiB/s', 62.2],
      ['Received 1,234/s', 94.5],
    ]
    for (const [label, px] of dejaVu) {
      expect(textWidth(label, 11)).toBeGreaterThanOrEqual(px)
      // An estimate, not a blanket: within a fifth of the real width.
      expect(textWidth(label, 11)).toBeLessThanOrEqual(px * 1.2)
    }
  })

  it('gives the y axis room for its widest label, the tick and the gap', () => {
    expect(yAxisMargin(['0 vCPUs', '10,000 vCPUs', '20,000 vCPUs'], 11)).toBe(
      Math.ceil(textWidth('20,000 vCPUs', 11) + 8 + 4 + 4),
    )
    // Short labels keep room for the x axis' first label, centred on the plot's left edge.
    expect(yAxisMargin(['0', '1'], 11)).toBe(40)
    expect(yAxisMargin([], 11)).toBe(40)
  })

  it('labels ticks by hour within a day and by date beyond two', () => {
    const t = Date.UTC(2025, 0, 15, 13, 5)
    expect(timeTickFormat(3_600_000)(t)).toMatch(/\d\d:05/)
    expect(timeTickFormat(7 * 86_400_000)(t)).toMatch(/Jan 1[45]/)
  })
})
