// Dev only: draws an xstate machine as an SVG statechart from its state nodes (machine.root): nested
// boxes for states (compound states hold their children, parallel regions sit side by side, dashed),
// arrows labelled with the event for each transition, and the active states highlighted. Pure
// layout from the machine definition, so it works offline and needs no external service.
import { useMemo } from 'react'
import type { AnyStateMachine, AnyStateNode } from 'xstate'

type Box = { node: AnyStateNode; x: number; y: number; w: number; h: number; children: Box[] }

const LEAF_H = 34
const PAD = 14
const HEADER = 22
const GAP = 46
const CHAR_W = 7

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states ?? {}) as AnyStateNode[]
}

function measure(node: AnyStateNode, depth: number): Box {
  const kids = childrenOf(node)
  const labelW = node.key.length * CHAR_W + 24
  if (kids.length === 0) return { node, x: 0, y: 0, w: Math.max(80, labelW), h: LEAF_H, children: [] }
  const boxes = kids.map((k) => measure(k, depth + 1))
  const cols = node.type === 'parallel' ? boxes.length : Math.min(boxes.length, depth === 0 ? 4 : 3)
  const rows = Math.ceil(boxes.length / cols)
  const colW = Array.from({ length: cols }, (_, c) =>
    Math.max(0, ...boxes.filter((_, i) => i % cols === c).map((b) => b.w)),
  )
  const rowH = Array.from({ length: rows }, (_, r) =>
    Math.max(0, ...boxes.filter((_, i) => Math.floor(i / cols) === r).map((b) => b.h)),
  )
  boxes.forEach((b, i) => {
    const c = i % cols
    const r = Math.floor(i / cols)
    b.x = PAD + colW.slice(0, c).reduce((s, v) => s + v + GAP, 0)
    b.y = HEADER + PAD + rowH.slice(0, r).reduce((s, v) => s + v + GAP, 0)
  })
  const w = PAD * 2 + colW.reduce((s, v) => s + v, 0) + GAP * (cols - 1)
  const h = HEADER + PAD * 2 + rowH.reduce((s, v) => s + v, 0) + GAP * (rows - 1)
  return { node, x: 0, y: 0, w: Math.max(w, labelW), h, children: boxes }
}

/** Absolute positions, by state node id. */
function place(box: Box, ox: number, oy: number, out: Map<string, Box>) {
  const abs = { ...box, x: box.x + ox, y: box.y + oy }
  out.set(box.node.id, abs)
  for (const c of box.children) place(c, abs.x, abs.y, out)
}

/** The state nodes a snapshot value makes active (the root and every active descendant). */
export function activeNodeIds(root: AnyStateNode, value: unknown): Set<string> {
  const out = new Set<string>([root.id])
  const walk = (node: AnyStateNode, v: unknown) => {
    if (typeof v === 'string') {
      const c = node.states?.[v] as AnyStateNode | undefined
      if (c) out.add(c.id)
    } else if (v && typeof v === 'object') {
      for (const [k, sub] of Object.entries(v)) {
        const c = node.states?.[k] as AnyStateNode | undefined
        if (c) {
          out.add(c.id)
          walk(c, sub)
        }
      }
    }
  }
  walk(root, value)
  return out
}

/** A readable event label: after, always, done and error of invoked actors. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always'
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.slice(13).split('.')[0]}`
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${eventType.slice(18)}`
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${eventType.slice(19)}`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  return eventType
}

export type Edge = { from: string; to: string; label: string }

/** Every transition with a target, as (source id, target id, event label). */
export function machineEdges(machine: AnyStateMachine): Edge[] {
  const edges: Edge[] = []
  const seen = new Set<string>()
  const visit = (node: AnyStateNode) => {
    const defs = [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
    for (const t of defs) {
      for (const target of t.target ?? []) {
        const e = { from: node.id, to: target.id, label: eventLabel(t.eventType) }
        const key = `${e.from}>${e.to}>${e.label}`
        if (seen.has(key)) continue
        seen.add(key)
        edges.push(e)
      }
    }
    for (const c of childrenOf(node)) visit(c)
  }
  visit(machine.root)
  return edges
}

function clip(b: Box, px: number, py: number) {
  // Where the line from the box centre to (px, py) leaves the box.
  const cx = b.x + b.w / 2
  const cy = b.y + b.h / 2
  const dx = px - cx
  const dy = py - cy
  if (dx === 0 && dy === 0) return { x: cx, y: cy }
  const sx = dx === 0 ? Number.POSITIVE_INFINITY : b.w / 2 / Math.abs(dx)
  const sy = dy === 0 ? Number.POSITIVE_INFINITY : b.h / 2 / Math.abs(dy)
  const s = Math.min(sx, sy)
  return { x: cx + dx * s, y: cy + dy * s }
}

const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.w <= outer.x + outer.w &&
  inner.y + inner.h <= outer.y + outer.h

export function Statechart({
  machine,
  value,
  label,
}: {
  machine: AnyStateMachine
  value?: unknown
  label: string
}) {
  const { boxes, edges, width, height } = useMemo(() => {
    const root = measure(machine.root, 0)
    const map = new Map<string, Box>()
    place(root, 4, 4, map)
    return { boxes: map, edges: machineEdges(machine), width: root.w + 8, height: root.h + 8 }
  }, [machine])
  const active = value === undefined ? new Set<string>() : activeNodeIds(machine.root, value)

  const pairCount = new Map<string, number>()
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      style={{ maxWidth: '100%', height: 'auto', fontFamily: 'ui-sans-serif, system-ui, sans-serif' }}
    >
      <title>{label}</title>
      <defs>
        <marker
          id={`arrow-${machine.id}`}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
        </marker>
      </defs>
      {[...boxes.values()].map((b) => {
        const on = active.has(b.node.id)
        const compound = b.children.length > 0
        const parentParallel = b.node.parent?.type === 'parallel'
        return (
          <g key={b.node.id}>
            <rect
              x={b.x}
              y={b.y}
              width={b.w}
              height={b.h}
              rx={compound ? 8 : 6}
              fill={on ? (compound ? 'rgba(63,182,139,0.08)' : 'rgba(63,182,139,0.35)') : 'transparent'}
              stroke={on ? '#3fb68b' : 'currentColor'}
              strokeOpacity={on ? 1 : 0.45}
              strokeWidth={on ? 2 : 1}
              strokeDasharray={parentParallel ? '5 4' : undefined}
            />
            <text
              x={compound ? b.x + 8 : b.x + b.w / 2}
              y={compound ? b.y + 15 : b.y + b.h / 2 + 4}
              textAnchor={compound ? 'start' : 'middle'}
              fontSize={12}
              fontWeight={on ? 700 : 500}
              fill="currentColor"
            >
              {b.node.type === 'final' ? `◉ ${b.node.key}` : b.node.key}
            </text>
          </g>
        )
      })}
      {edges.map((e, i) => {
        const a = boxes.get(e.from)
        const b = boxes.get(e.to)
        if (!a || !b) return null
        const pair = [e.from, e.to].sort().join('|')
        const k = pairCount.get(pair) ?? 0
        pairCount.set(pair, k + 1)
        // A transition from a state to a state inside it starts at the parent's header.
        const start = contains(a, b) && a !== b ? { x: a.x + 8, y: a.y + HEADER } : null
        const bc = { x: b.x + b.w / 2, y: b.y + b.h / 2 }
        const p1 = start ?? clip(a, bc.x, bc.y)
        const p2 = clip(b, p1.x, p1.y)
        const self = e.from === e.to
        const mx = (p1.x + p2.x) / 2
        const my = (p1.y + p2.y) / 2
        const dx = p2.x - p1.x
        const dy = p2.y - p1.y
        const len = Math.hypot(dx, dy) || 1
        const bend = (k % 2 === 0 ? 1 : -1) * (12 + 14 * Math.floor(k / 2))
        const cx = mx - (dy / len) * bend
        const cy = my + (dx / len) * bend
        const d = self
          ? `M ${b.x + b.w - 10} ${b.y} c 20 -26 40 -6 10 ${10 + k * 4}`
          : `M ${p1.x} ${p1.y} Q ${cx} ${cy} ${p2.x} ${p2.y}`
        const lx = self ? b.x + b.w + 4 : (mx + cx) / 2
        const ly = self ? b.y - 8 - k * 12 : (my + cy) / 2
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: edges are a fixed list per machine
          <g key={i} opacity={0.8}>
            <path
              d={d}
              fill="none"
              stroke="currentColor"
              strokeWidth={1}
              markerEnd={`url(#arrow-${machine.id})`}
            />
            <text
              x={lx}
              y={ly}
              fontSize={10}
              textAnchor="middle"
              fill="currentColor"
              paintOrder="stroke"
              stroke="var(--colors-bg-canvas, #fff)"
              strokeWidth={3}
            >
              {e.label}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
