// Bulk actions on the rows of a list (issue 12): which rows are selected (within one page), which of
// them the resource's machine allows an action on, and what happened to each. Pure, so the rules are
// tested without a screen; ResourceList and BulkBar hold the state and draw it.

/** The selected row ids of one page, and the row a shift-click extends from. */
export interface Selection {
  ids: ReadonlySet<string>
  anchor: string | null
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null }

/**
 * A click on row `id`'s checkbox. A plain click toggles the row; a shift-click sets every row from the
 * anchor (the last row clicked) to `id` to the state the clicked row takes, as file managers do.
 * `order` is the page's row ids as shown.
 */
export function clickRow(sel: Selection, order: readonly string[], id: string, shift: boolean): Selection {
  const select = !sel.ids.has(id)
  const from = shift && sel.anchor !== null ? order.indexOf(sel.anchor) : -1
  const to = order.indexOf(id)
  const range = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id]
  const ids = new Set(sel.ids)
  for (const r of range) {
    if (select) ids.add(r)
    else ids.delete(r)
  }
  return { ids, anchor: id }
}

/** How much of the page is selected: what the header checkbox shows. */
export function pageSelection(sel: Selection, order: readonly string[]): 'none' | 'some' | 'all' {
  const n = order.filter((id) => sel.ids.has(id)).length
  if (n === 0) return 'none'
  return n === order.length ? 'all' : 'some'
}

/** The header checkbox: selects the whole page unless all of it is selected, then clears it. */
export function toggleAll(sel: Selection, order: readonly string[]): Selection {
  return pageSelection(sel, order) === 'all' ? NO_SELECTION : { ids: new Set(order), anchor: null }
}

/** The rows of the page that are selected, in the page's order (rows gone since are dropped). */
export function selectedRows<T extends { id: string }>(sel: Selection, rows: readonly T[]): T[] {
  return rows.filter((r) => sel.ids.has(r.id))
}

export interface BulkPlan<T> {
  /** Rows the machine allows the action on: the only ones anything is run on. */
  run: T[]
  refused: { row: T; reason: string }[]
}

/** Splits the selection by the machine's refusal (null: allowed), asked per row without an actor. */
export function planBulk<T>(rows: readonly T[], refusal: (row: T) => string | null): BulkPlan<T> {
  const plan: BulkPlan<T> = { run: [], refused: [] }
  for (const row of rows) {
    const reason = refusal(row)
    if (reason === null) plan.run.push(row)
    else plan.refused.push({ row, reason })
  }
  return plan
}

export type BulkOutcome = 'done' | 'refused' | 'failed'
export interface BulkResult {
  name: string
  outcome: BulkOutcome
  /** What the row shows: the action's done text, "Refused: <reason>" or "Failed: <message>". */
  text: string
}

/** Requests in flight at once: a page of 100 rows must not open 100 connections. */
export const BULK_CONCURRENCY = 4

/**
 * Runs `perform` on the plan's allowed rows (a few at a time) and reports every row of the selection,
 * in its order: done, refused with the machine's reason, or failed with the error's message.
 */
export async function runBulk<T>(
  rows: readonly T[],
  plan: BulkPlan<T>,
  perform: (row: T) => Promise<unknown>,
  opts: { name: (row: T) => string; done: string; message: (error: unknown) => string },
): Promise<BulkResult[]> {
  const outcome = new Map<T, BulkResult>()
  for (const { row, reason } of plan.refused) {
    outcome.set(row, { name: opts.name(row), outcome: 'refused', text: `Refused: ${reason}` })
  }
  const queue = [...plan.run]
  const worker = async () => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
      const name = opts.name(row)
      try {
        await perform(row)
        outcome.set(row, { name, outcome: 'done', text: opts.done })
      } catch (e) {
        outcome.set(row, { name, outcome: 'failed', text: `Failed: ${opts.message(e)}` })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, queue.length) }, worker))
  return rows.flatMap((r) => outcome.get(r) ?? [])
}

/** "1 instance", "3 instances". */
export function countOf(n: number, noun: { one: string; other: string }): string {
  return `${n} ${n === 1 ? noun.one : noun.other}`
}

/** The confirmation's sentence: how many rows are acted on and how many are skipped. */
export function planSummary(plan: BulkPlan<unknown>, noun: { one: string; other: string }): string {
  const acted = `${countOf(plan.run.length, noun)} will be acted on`
  if (plan.refused.length === 0) return `${acted}.`
  const skipped = plan.refused.length
  return `${acted}; ${skipped} will be skipped because ${skipped === 1 ? 'its state does' : 'their states do'} not allow it.`
}

/** "2 done, 1 refused": the results dialog's summary line (outcomes that occurred only). */
export function resultSummary(results: readonly BulkResult[]): string {
  const order: BulkOutcome[] = ['done', 'refused', 'failed']
  return order
    .map((o) => [o, results.filter((r) => r.outcome === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`)
    .join(', ')
}
