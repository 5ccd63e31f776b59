// Dev only (`/dev/machines`, absent from production builds): the actors the console is running right
// now (instances and disks on screen, uploads, the device login) with their state and context, and
// each machine drawn as a statechart with the current state highlighted. `?inspect` on any page
// sends actors to the Stately inspector as well (src/hooks/dev-inspect.ts).
import { useEffect, useReducer } from 'react'
import { css } from 'styled-system/css'
import type { AnyStateMachine } from 'xstate'
import { bulkUploadMachine } from '../../../machines/bulk-upload.machine'
import { deviceLoginMachine } from '../../../machines/device-login.machine'
import { diskMachine } from '../../../machines/disk.machine'
import { instanceMachine } from '../../../machines/instance.machine'
import { type LiveActorInfo, listLiveActors, subscribeLiveActors } from '../../../machines/live-actors'
import { PageHeader, SettingsIcon } from '../../components'
import { Statechart } from './statechart'

const MACHINES: { prefix: string; title: string; machine: AnyStateMachine }[] = [
  { prefix: 'instance ', title: 'Instance', machine: instanceMachine },
  { prefix: 'disk ', title: 'Disk', machine: diskMachine },
  { prefix: 'upload ', title: 'Bulk upload', machine: bulkUploadMachine },
  { prefix: 'device login', title: 'Device login', machine: deviceLoginMachine },
]

const machineFor = (name: string) => MACHINES.find((m) => name.startsWith(m.prefix))

const MAX_JSON = 1500

function json(value: unknown): string {
  const text = JSON.stringify(value, (_, v) => (v instanceof Date ? v.toISOString() : v), 2)
  if (text === undefined) return String(value)
  return text.length > MAX_JSON
    ? `${text.slice(0, MAX_JSON)}\n… (${text.length - MAX_JSON} more characters)`
    : text
}

function stateText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}.${stateText(v)}`)
      .join(', ')
  return String(value)
}

/** Re-renders on registry changes, at most every 200 ms (uploads change many times a second). */
function useLiveActors(): LiveActorInfo[] {
  const [, bump] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const unsubscribe = subscribeLiveActors(() => {
      if (timer) return
      timer = setTimeout(() => {
        timer = null
        bump()
      }, 200)
    })
    return () => {
      unsubscribe()
      if (timer) clearTimeout(timer)
    }
  }, [])
  return listLiveActors()
}

const pre = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  bg: 'bg.raised',
  p: '3',
  borderRadius: 'md',
  maxH: '64',
  overflow: 'auto',
})

const actorCard = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4' })

export default function MachinesPage() {
  const actors = useLiveActors()
  return (
    <>
      <PageHeader title="Machines" icon={<SettingsIcon />} />
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '6' })}>
        Development only. Live actors of this tab, with their state and context; open any page with{' '}
        <code>?inspect</code> to follow them in the Stately inspector too.
      </p>

      <section aria-labelledby="live-actors" className={css({ mb: '10' })}>
        <h2 id="live-actors" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
          Live actors ({actors.length})
        </h2>
        {actors.length === 0 ? (
          <p className={css({ color: 'fg.muted' })}>
            No actors are running. Open the instances or disks of a project, start an upload or the device
            login in another view of this tab to see them here.
          </p>
        ) : (
          <ul className={css({ display: 'grid', gap: '6' })}>
            {actors.map((a) => {
              const m = machineFor(a.name)
              return (
                <li key={a.sessionId} className={actorCard}>
                  <h3 className={css({ fontWeight: 'semibold' })}>{a.name}</h3>
                  <p className={css({ fontSize: 'sm', mb: '2' })}>
                    State: <strong>{stateText(a.value)}</strong> ({a.status})
                  </p>
                  <details>
                    <summary className={css({ cursor: 'pointer', fontSize: 'sm' })}>Context</summary>
                    <pre className={pre}>{json(a.context)}</pre>
                  </details>
                  {m && (
                    <div className={css({ overflowX: 'auto', mt: '3' })}>
                      <Statechart
                        machine={m.machine}
                        value={a.value}
                        label={`Statechart of ${a.name}, current state ${stateText(a.value)}`}
                      />
                    </div>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="all-machines">
        <h2 id="all-machines" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
          All machines
        </h2>
        <div className={css({ display: 'grid', gap: '8' })}>
          {MACHINES.map((m) => (
            <figure key={m.prefix} className={css({ overflowX: 'auto' })}>
              <figcaption className={css({ fontWeight: 'semibold', mb: '2' })}>{m.title}</figcaption>
              <Statechart machine={m.machine} label={`Statechart of the ${m.title.toLowerCase()} machine`} />
            </figure>
          ))}
        </div>
      </section>
    </>
  )
}
