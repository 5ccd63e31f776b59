// One time-series chart for every screen that draws one (instance metrics, utilization). Loaded lazily by
// its users (React.lazy), so visx and d3 are only in the chunks of routes that draw.
//
// Fast on long ranges: each series is decimated to the plot's pixel width before drawing (min and max
// per pixel column, util/decimate.ts), so a week of one-minute points costs what a few hundred do, and
// spikes survive. The tooltip reads the full series, so its values are exact.
//
// Accessible: the plot is a focusable group named by the title; arrow keys move a crosshair (announced
// through a live region), the pointer does the same on hover. A text summary (min, max, latest per
// series) and a "Show table" toggle give the numbers without the picture.
import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleLinear, scaleTime } from '@visx/scale'
import { AreaClosed, LinePath } from '@visx/shape'
import {
  type KeyboardEvent,
  type PointerEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { css } from 'styled-system/css'
import { table as tableRecipe } from 'styled-system/recipes/table'
import { token } from 'styled-system/tokens'
import { decimate } from '../../util/decimate'
import { Button } from '../Button'
import { ChartNotice } from './ChartNotice'
import {
  binaryTicks,
  type ChartPoint,
  formatPointTime,
  nearestIndex,
  summarize,
  summaryText,
  tableRows,
  timeTickFormat,
  Y_LABEL_GAP,
  Y_TICK_LENGTH,
  yAxisMargin,
  yTop,
} from './chart-math'

export type { ChartPoint }
export type ChartSeries = { label: string; points: readonly ChartPoint[] }
export type TimeSeriesChartProps = {
  /** The chart's heading and accessible name. */
  title: string
  /** The heading's level: 3 (default) under a section's h2, 2 straight under the page's h1. */
  level?: 2 | 3
  series: readonly ChartSeries[]
  /** The x domain, epoch ms. */
  start: number
  end: number
  /** Y ticks, tooltip, summary and table. */
  formatValue: (v: number) => string
  kind?: 'line' | 'area'
  /** A fixed top (e.g. a quota); by default the data's maximum. */
  yMax?: number
  /** The values are bytes (or bytes per second): the y ticks fall on round numbers of a binary unit. */
  binary?: boolean
  /** Px, default 200. */
  height?: number
}

/** Series colours, themed (dark and light) through the design tokens. */
const COLORS = [
  token.var('colors.accent.fg'),
  token.var('colors.badge.blue.fg'),
  token.var('colors.badge.purple.fg'),
  token.var('colors.badge.notice.fg'),
  token.var('colors.badge.red.fg'),
]
const colorOf = (i: number) => COLORS[i % COLORS.length] as string
const MUTED = token.var('colors.fg.muted')
const GRID = token.var('colors.border.subtle')
const AXIS = token.var('colors.border.default')

/** The left margin follows the y labels (yAxisMargin). */
const MARGIN = { top: 8, right: 16, bottom: 28 }
const TICK_FONT_SIZE = 11
/** Before the first measurement (and in environments without layout). */
const FALLBACK_WIDTH = 640

const root = css({ display: 'grid', gap: '2', minW: '0' })
const heading = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })
const plotBox = css({
  position: 'relative',
  borderRadius: 'md',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focus', outlineOffset: '2px' },
})
const tooltipBox = css({
  position: 'absolute',
  pointerEvents: 'none',
  bg: 'bg.raised',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  px: '2',
  py: '1.5',
  fontSize: 'xs',
  color: 'fg.default',
  whiteSpace: 'nowrap',
  boxShadow: 'md',
  zIndex: '1',
})
const legendList = css({ display: 'flex', flexWrap: 'wrap', gap: '3', fontSize: 'xs', color: 'fg.muted' })
const swatch = css({ display: 'inline-block', w: '2.5', h: '2.5', borderRadius: 'sm', mr: '1.5' })
const summaryList = css({ fontSize: 'xs', color: 'fg.muted', display: 'grid', gap: '0.5' })
const tableScroll = css({ maxH: '16rem', overflow: 'auto', borderRadius: 'md' })
const srOnly = css({ srOnly: true })

/** The container's width, measured before paint and followed as it changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState<number | null>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    setWidth(el.clientWidth || FALLBACK_WIDTH)
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => setWidth(el.clientWidth || FALLBACK_WIDTH))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  return [ref, width] as const
}

export default function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { title, series } = props
  const id = useId()
  const [ref, width] = useWidth()
  const hasPoints = series.some((s) => s.points.length > 0)
  return (
    <section className={root} aria-labelledby={`${id}-title`}>
      {props.level === 2 ? (
        <h2 id={`${id}-title`} className={heading}>
          {title}
        </h2>
      ) : (
        <h3 id={`${id}-title`} className={heading}>
          {title}
        </h3>
      )}
      <div ref={ref}>
        {!hasPoints ? (
          <ChartNotice height={props.height ?? 200}>No data for this time range</ChartNotice>
        ) : (
          width !== null && <ChartBody {...props} width={width} id={id} />
        )}
      </div>
    </section>
  )
}

function ChartBody({
  title,
  series,
  start,
  end,
  formatValue,
  kind = 'line',
  yMax,
  binary = false,
  height = 200,
  width,
  id,
}: TimeSeriesChartProps & { width: number; id: string }) {
  const innerHeight = Math.max(10, height - MARGIN.top - MARGIN.bottom)
  const dataTop = useMemo(() => yTop(series, yMax), [series, yMax])
  const axis = useMemo(
    () => (binary ? binaryTicks(dataTop, 4, yMax !== undefined) : undefined),
    [binary, dataTop, yMax],
  )
  const top = axis?.top ?? dataTop
  const y = useMemo(
    () =>
      scaleLinear<number>({
        domain: [0, top],
        range: [innerHeight, 0],
        nice: !axis && yMax === undefined,
      }),
    [top, innerHeight, yMax, axis],
  )
  const yTicks = axis?.ticks ?? y.ticks(4)
  const left = yAxisMargin(
    yTicks.map((v) => formatValue(v)),
    TICK_FONT_SIZE,
  )
  const innerWidth = Math.max(10, width - left - MARGIN.right)
  // One bucket per pixel column: at most two points per column are drawn.
  const shown = useMemo(
    () => series.map((s) => ({ label: s.label, points: decimate(s.points, innerWidth) })),
    [series, innerWidth],
  )
  const x = useMemo(
    () => scaleTime<number>({ domain: [start, end], range: [0, innerWidth] }),
    [start, end, innerWidth],
  )
  const xTicks = Math.max(2, Math.floor(innerWidth / 120))
  const tickFormat = timeTickFormat(end - start)
  const summaries = series.map((s) => summarize(s.label, s.points))

  // The crosshair's time; the keyboard steps through the drawn points of the densest series.
  const [cursor, setCursor] = useState<{ t: number; byKey: boolean } | null>(null)
  const steps = shown.reduce((a, s) => (s.points.length > a.length ? s.points : a), shown[0]?.points ?? [])
  const at = cursor ? atTime(series, cursor.t) : null

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect()
    const px = e.clientX - box.left - left
    if (px < 0 || px > innerWidth) return setCursor(null)
    setCursor({ t: x.invert(px).getTime(), byKey: false })
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') return setCursor(null)
    const last = steps.length - 1
    if (last < 0) return
    const current = cursor ? nearestIndex(steps, cursor.t) : -1
    const stride = e.shiftKey ? 10 : 1
    let next: number | null = null
    if (e.key === 'ArrowRight') next = current < 0 ? 0 : Math.min(last, current + stride)
    else if (e.key === 'ArrowLeft') next = current < 0 ? last : Math.max(0, current - stride)
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = last
    if (next === null) return
    e.preventDefault()
    setCursor({ t: (steps[next] as ChartPoint).t, byKey: true })
  }

  const crossX = at ? x(at.t) : 0
  const flip = crossX > innerWidth / 2
  const tooltipText = at ? at.values.map((v) => `${v.label} ${formatValue(v.v)}`).join(', ') : ''

  return (
    <>
      {series.length > 1 && (
        <ul className={legendList} aria-label={`${title} legend`}>
          {series.map((s, i) => (
            <li key={s.label}>
              <span className={swatch} style={{ background: colorOf(i) }} aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this is a plot. */}
      <div
        className={plotBox}
        role="group"
        aria-roledescription="chart"
        aria-label={title}
        aria-describedby={`${id}-summary ${id}-help`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the plot takes arrow keys to move its crosshair.
        tabIndex={0}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setCursor(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setCursor((c) => (c?.byKey ? null : c))}
      >
        <svg width={width} height={height} aria-hidden="true" data-chart-plot="">
          <Group left={left} top={MARGIN.top}>
            {yTicks.map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke={GRID} />
            ))}
            {shown.map((s, i) =>
              kind === 'area' ? (
                <AreaClosed<ChartPoint>
                  key={s.label}
                  data={s.points as ChartPoint[]}
                  x={(p) => x(p.t)}
                  y={(p) => y(p.v)}
                  yScale={y}
                  fill={colorOf(i)}
                  fillOpacity={0.2}
                  stroke={colorOf(i)}
                  strokeWidth={1.5}
                  data-series={s.label}
                />
              ) : (
                <LinePath<ChartPoint>
                  key={s.label}
                  data={s.points as ChartPoint[]}
                  x={(p) => x(p.t)}
                  y={(p) => y(p.v)}
                  stroke={colorOf(i)}
                  strokeWidth={1.5}
                  data-series={s.label}
                />
              ),
            )}
            {at && (
              <g data-crosshair="">
                <line x1={crossX} x2={crossX} y1={0} y2={innerHeight} stroke={MUTED} strokeDasharray="3 3" />
                {at.values.map((v) => (
                  <circle key={v.label} cx={crossX} cy={y(v.v)} r={3} fill={colorOf(v.index)} />
                ))}
              </g>
            )}
            <AxisLeft
              scale={y}
              tickValues={yTicks}
              tickFormat={(v) => formatValue(Number(v))}
              tickLength={Y_TICK_LENGTH}
              stroke={AXIS}
              tickStroke={AXIS}
              tickLabelProps={{
                fill: MUTED,
                fontSize: TICK_FONT_SIZE,
                textAnchor: 'end',
                dx: -Y_LABEL_GAP,
                dy: 3,
              }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              numTicks={xTicks}
              tickFormat={(v) => tickFormat(v instanceof Date ? v.getTime() : Number(v))}
              stroke={AXIS}
              tickStroke={AXIS}
              tickLabelProps={{ fill: MUTED, fontSize: TICK_FONT_SIZE, textAnchor: 'middle' }}
            />
          </Group>
        </svg>
        {at && (
          <div
            role="tooltip"
            className={tooltipBox}
            style={{
              top: MARGIN.top,
              ...(flip ? { right: width - left - crossX + 8 } : { left: left + crossX + 8 }),
            }}
          >
            <div>{formatPointTime(at.t)}</div>
            {at.values.map((v) => (
              <div key={v.label}>
                <span className={swatch} style={{ background: colorOf(v.index) }} aria-hidden="true" />
                {v.label}: <strong>{formatValue(v.v)}</strong>
              </div>
            ))}
          </div>
        )}
      </div>
      <p id={`${id}-help`} className={srOnly}>
        Use the arrow keys to move through the points.
      </p>
      {/* Keyboard moves are announced; pointer moves would flood a screen reader. */}
      <div className={srOnly} aria-live="polite">
        {at && cursor?.byKey ? `${formatPointTime(at.t)}: ${tooltipText}` : ''}
      </div>
      <ul id={`${id}-summary`} className={summaryList} aria-label={`${title} summary`}>
        {summaries.map((s, i) =>
          s ? (
            <li key={s.label}>{summaryText(s, formatValue)}</li>
          ) : (
            <li key={series[i]?.label}>{series[i]?.label}: no data</li>
          ),
        )}
      </ul>
      <DataTable title={title} series={shown} formatValue={formatValue} id={id} />
    </>
  )
}

/** The value of every series nearest time `t`, and the time of the first series' nearest point. */
function atTime(series: readonly ChartSeries[], t: number) {
  const values: { label: string; v: number; index: number }[] = []
  let snapped: number | undefined
  series.forEach((s, index) => {
    const i = nearestIndex(s.points, t)
    const p = s.points[i]
    if (!p) return
    snapped ??= p.t
    values.push({ label: s.label, v: p.v, index })
  })
  return snapped === undefined ? null : { t: snapped, values }
}

function DataTable({
  title,
  series,
  formatValue,
  id,
}: {
  title: string
  series: readonly ChartSeries[]
  formatValue: (v: number) => string
  id: string
}) {
  const [open, setOpen] = useState(false)
  const classes = tableRecipe()
  return (
    <div>
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={open ? `${id}-table` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide table' : 'Show table'}
      </Button>
      {open && (
        <section
          id={`${id}-table`}
          className={tableScroll}
          aria-label={`${title} data`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
        >
          <table className={classes.root}>
            <caption className={srOnly}>{`${title}, one row per drawn point`}</caption>
            <thead className={classes.head}>
              <tr className={classes.row}>
                <th scope="col" className={classes.header}>
                  Time
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className={classes.header}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={classes.body}>
              {tableRows(series).map((row) => (
                <tr key={row.t} className={classes.row}>
                  <td className={classes.cell}>{formatPointTime(row.t)}</td>
                  {row.values.map((v, i) => (
                    <td key={series[i]?.label} className={classes.cell}>
                      {v === undefined ? '—' : formatValue(v)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  )
}
