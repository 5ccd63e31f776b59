import { describe, expect, it } from 'vitest'
import {
  BULK_CONCURRENCY,
  clickRow,
  NO_SELECTION,
  pageSelection,
  planBulk,
  planSummary,
  resultSummary,
  runBulk,
  selectedRows,
  toggleAll,
} from './bulk'

const order = ['a', 'b', 'c', 'd', 'e']
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort()
const noun = { one: 'instance', other: 'instances' }

describe('selection', () => {
  it('toggles one row on a plain click', () => {
    const one = clickRow(NO_SELECTION, order, 'b', false)
    expect(ids(one)).toEqual(['b'])
    expect(ids(clickRow(one, order, 'b', false))).toEqual([])
  })

  it('selects the range from the last clicked row on a shift-click, in either direction', () => {
    const first = clickRow(NO_SELECTION, order, 'b', false)
    expect(ids(clickRow(first, order, 'd', true))).toEqual(['b', 'c', 'd'])
    const fromD = clickRow(NO_SELECTION, order, 'd', false)
    expect(ids(clickRow(fromD, order, 'a', true))).toEqual(['a', 'b', 'c', 'd'])
  })

  it('clears the range when the shift-clicked row was selected', () => {
    const all = toggleAll(NO_SELECTION, order)
    const anchored = clickRow(all, order, 'a', false) // a off, anchor a
    expect(ids(clickRow(anchored, order, 'c', true))).toEqual(['d', 'e'])
  })

  it('treats a shift-click without an anchor on the page as a plain click', () => {
    const sel = { ids: new Set(['x']), anchor: 'x' }
    expect(ids(clickRow(sel, order, 'c', true))).toEqual(['c', 'x'])
  })

  it('the header selects the whole page, then clears it', () => {
    expect(pageSelection(NO_SELECTION, order)).toBe('none')
    expect(pageSelection(clickRow(NO_SELECTION, order, 'a', false), order)).toBe('some')
    const all = toggleAll(clickRow(NO_SELECTION, order, 'a', false), order)
    expect(pageSelection(all, order)).toBe('all')
    expect(pageSelection(toggleAll(all, order), order)).toBe('none')
  })

  it('keeps only rows still on the page, in the page order', () => {
    const rows = [{ id: 'c' }, { id: 'a' }]
    const sel = { ids: new Set(['a', 'c', 'gone']), anchor: null }
    expect(selectedRows(sel, rows)).toEqual([{ id: 'c' }, { id: 'a' }])
  })
})

type Vm = { name: string; state: string }
const vms: Vm[] = [
  { name: 'a', state: 'running' },
  { name: 'b', state: 'stopped' },
  { name: 'c', state: 'running' },
]
const stopRefusal = (v: Vm) => (v.state === 'running' ? null : 'Only a running instance can be stopped')

describe('planBulk and runBulk', () => {
  it('runs nothing on a refused row and reports every row in selection order', async () => {
    const ran: string[] = []
    const plan = planBulk(vms, stopRefusal)
    expect(plan.run.map((v) => v.name)).toEqual(['a', 'c'])
    const results = await runBulk(
      vms,
      plan,
      async (v) => {
        ran.push(v.name)
        if (v.name === 'c') throw new Error('Instance is busy')
      },
      { name: (v) => v.name, done: 'Stopping', message: (e) => (e as Error).message },
    )
    expect(ran.sort()).toEqual(['a', 'c'])
    expect(results).toEqual([
      { name: 'a', outcome: 'done', text: 'Stopping' },
      { name: 'b', outcome: 'refused', text: 'Refused: Only a running instance can be stopped' },
      { name: 'c', outcome: 'failed', text: 'Failed: Instance is busy' },
    ])
    expect(resultSummary(results)).toBe('1 done, 1 refused, 1 failed')
  })

  it('keeps at most BULK_CONCURRENCY actions in flight', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ name: `vm-${i}`, state: 'running' }))
    let inFlight = 0
    let peak = 0
    const results = await runBulk(
      many,
      planBulk(many, stopRefusal),
      async () => {
        inFlight++
        peak = Math.max(peak, inFlight)
        await new Promise((r) => setTimeout(r, 1))
        inFlight--
      },
      { name: (v) => v.name, done: 'Stopping', message: String },
    )
    expect(peak).toBe(BULK_CONCURRENCY)
    expect(results.every((r) => r.outcome === 'done')).toBe(true)
  })

  it('says how many rows are acted on and how many are skipped', () => {
    expect(planSummary(planBulk(vms, stopRefusal), noun)).toBe(
      '2 instances will be acted on; 1 will be skipped because its state does not allow it.',
    )
    expect(planSummary(planBulk([vms[0] as Vm], stopRefusal), noun)).toBe('1 instance will be acted on.')
    expect(planSummary(planBulk([vms[1] as Vm, vms[1] as Vm], stopRefusal), noun)).toBe(
      '0 instances will be acted on; 2 will be skipped because their states do not allow it.',
    )
  })
})
