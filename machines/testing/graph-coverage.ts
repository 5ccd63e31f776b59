// Test helper: walk a machine's whole graph with xstate/graph and report which states and which
// transition definitions were exercised, so a test can assert that nothing was left unwalked.
// Transitions are collected from the machine's own microstep inspection events, so eventless and
// raised (internal) transitions count as well as the ones triggered by the walked events.
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  fromCallback,
} from 'xstate'
import { getAdjacencyMap, getStateNodes } from 'xstate/graph'

type TransitionDef = AnyStateNode['transitions'] extends Map<string, (infer T)[]> ? T : never

/** Every transition definition of the machine: `on`, `after`, invoke done/error, and `always`. */
export function allTransitions(machine: AnyStateMachine): TransitionDef[] {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)]
  return nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
}

/** Every state node of the machine except the root. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root)
}

export function describeTransition(t: TransitionDef): string {
  const targets = t.target?.map((n) => n.id).join(',') ?? '(self)'
  return `${t.source.id} --${t.eventType}--> ${targets}`
}

export type WalkOptions<E extends AnyEventObject> = {
  input?: unknown
  /** Several inputs: the walk starts from each and the coverage is their union. */
  inputs?: unknown[]
  /** Candidate events for a snapshot; xstate/graph keeps those the snapshot's nodes listen to. */
  events: (snapshot: AnyMachineSnapshot) => readonly E[]
  /** Defaults to the state value only (context that guards never read would blow up the graph). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string
}

export type WalkResult = {
  snapshots: AnyMachineSnapshot[]
  edges: number
  visitedNodes: Set<AnyStateNode>
  takenTransitions: Set<TransitionDef>
  missingNodes: string[]
  missingTransitions: string[]
}

/**
 * An actor scope for `machine.transition(snapshot, event, scope)` outside a running actor. Actions
 * are not executed (as in xstate/graph); `onTransitions` hears every microstep's transitions.
 */
export function walkScope(
  onTransitions: (ts: TransitionDef[]) => void = () => {},
  onSnapshot: (s: AnyMachineSnapshot) => void = () => {},
) {
  // A never-started actor lends its system, so microstep inspection events reach us.
  const host = createActor(
    fromCallback(() => {}),
    {
      inspect: (ev) => {
        if (ev.type === '@xstate.microstep') {
          onTransitions((ev as unknown as { _transitions: TransitionDef[] })._transitions)
          onSnapshot((ev as unknown as { snapshot: AnyMachineSnapshot }).snapshot)
        }
      },
    },
  )
  return {
    self: host,
    logger: () => {},
    id: '',
    sessionId: 'walk',
    defer: () => {},
    system: host.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as never
}

/**
 * The events to try from a snapshot: the given ones whose type the snapshot's nodes listen to, and a
 * bare `{ type }` for any other type they listen to (delayed `xstate.after...` events above all).
 */
export function withOwnEvents<E extends AnyEventObject>(
  events: (snapshot: AnyMachineSnapshot) => readonly E[],
): (snapshot: AnyMachineSnapshot) => E[] {
  return (snapshot) => {
    const given = events(snapshot)
    const types = new Set<string>()
    for (const node of (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes) {
      for (const type of node.transitions.keys()) types.add(type)
    }
    return [...types].flatMap((type) => {
      const matching = given.filter((e) => e.type === type)
      return matching.length > 0 ? matching : [{ type } as E]
    })
  }
}

export function walkMachine<E extends AnyEventObject>(
  machine: AnyStateMachine,
  options: WalkOptions<E>,
): WalkResult {
  const taken = new Set<TransitionDef>()
  const visited = new Set<AnyStateNode>()
  const visit = (snap: AnyMachineSnapshot) => {
    for (const node of (snap as unknown as { _nodes: AnyStateNode[] })._nodes) {
      if (node !== machine.root) visited.add(node)
    }
  }
  // Transient states (left by `always` in the same macrostep) are seen through microsteps.
  // A taken transition's source was active, which is how a transient initial state is seen.
  const scope = walkScope((ts) => {
    for (const t of ts) {
      taken.add(t)
      if (t.source !== machine.root) visited.add(t.source)
    }
  }, visit)
  const serializeState = options.serializeState ?? ((s: AnyMachineSnapshot) => JSON.stringify(s.value))
  const snapshots: AnyMachineSnapshot[] = []
  let edges = 0
  for (const input of options.inputs ?? [options.input]) {
    const initial = machine.getInitialSnapshot(scope, input)
    const adjacency = getAdjacencyMap(machine, {
      fromState: initial,
      events: withOwnEvents(options.events) as never,
      serializeState: serializeState as never,
    })
    for (const { state, transitions } of Object.values(adjacency)) {
      const snap = state as AnyMachineSnapshot
      snapshots.push(snap)
      visit(snap)
      for (const { event } of Object.values(transitions) as { event: AnyEventObject }[]) {
        edges++
        // Re-run the step with our scope to see which definitions fired.
        machine.transition(snap, event, scope)
      }
    }
  }
  const missingNodes = allStateNodes(machine)
    .filter((n) => !visited.has(n))
    .map((n) => n.id)
  const missingTransitions = allTransitions(machine)
    .filter((t) => !taken.has(t))
    .map(describeTransition)
  return {
    snapshots,
    edges,
    visitedNodes: visited,
    takenTransitions: taken,
    missingNodes,
    missingTransitions,
  }
}
