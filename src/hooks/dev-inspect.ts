// Dev only: `?inspect` in the URL sends every actor the console creates to the Stately inspector
// (@statelyai/inspect, a popup window). The import is dynamic and behind import.meta.env.DEV, so a
// production build contains neither the inspector nor this wiring (the branch is dead code there).
// Actors are created synchronously, before the inspector has loaded: their events are buffered and
// replayed once it is ready.
import type { InspectionEvent, Observer } from 'xstate'

type InspectFn = (event: InspectionEvent) => void

let options: { inspect?: InspectFn } = {}

if (
  import.meta.env.DEV &&
  typeof location !== 'undefined' &&
  new URLSearchParams(location.search).has('inspect')
) {
  let target: Observer<InspectionEvent> | null = null
  const buffer: InspectionEvent[] = []
  options = {
    inspect: (event) => {
      if (target) target.next?.(event)
      else buffer.push(event)
    },
  }
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    target = createBrowserInspector().inspect
    for (const e of buffer.splice(0)) target.next?.(e)
  })
}

/** Options to spread into `createActor(logic, { ...devActorOptions(), ... })`. Empty in production. */
export function devActorOptions(): { inspect?: InspectFn } {
  return options
}
