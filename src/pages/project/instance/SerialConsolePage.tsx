// The serial console (issue 12, spec section 2: instances/{instance}/serial-console, full page): a
// terminal over the instance's serial websocket, fitted to the window. xterm is imported here and
// nowhere else, so it loads with this route only (src/server/build.ts keeps it in a chunk of its own).
//
// Whether a console is possible is the instance machine's answer (SERIAL_CONSOLE, spec section 4);
// the page polls a transitional instance through storage, so a starting instance's console opens by
// itself once it runs, and a stopping one's closes with the reason shown.
import '@xterm/xterm/css/xterm.css'
import { Terminal } from '@xterm/xterm'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useConnectivity, useResource, useResourcePoll } from '../../../../storage'
import { Badge, Button, EmptyState, InstancesIcon, PageHeader } from '../../../components'
import { InstanceGuard } from '../../../layouts/InstanceGuard'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { T } from '../../../strings'
import { ResourceFallback } from '../../../ui/ResourceFallback'
import { instanceIsMoving } from '../../../ui/row-state'
import { instanceViewParams } from './queries'
import { availableHeight, cellSize, fitGrid } from './serial-fit'
import {
  binaryBytes,
  closeReason,
  consoleRefusal,
  frameBytes,
  inputBytes,
  type SerialStatus,
  STATUS_LABEL,
  serialStreamUrl,
} from './serial-status'
import { openWithConstructedStyles } from './serial-xterm-styles'

/** The main area's bottom padding (AuthLayout: py 5): the terminal ends that far above the window's edge. */
const BOTTOM_GAP_PX = 20
/** A short window scrolls rather than squeezing the console below a few usable rows. */
const MIN_HEIGHT_PX = 160

// A terminal is dark whatever the console's theme: guests assume light text on dark.
const THEME = {
  background: '#0d1117',
  foreground: '#e6edf3',
  cursor: '#e6edf3',
  selectionBackground: '#264f78',
}

const frame = css({
  bg: '#0d1117',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  p: '2',
  overflow: 'hidden',
})
const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const backLink = css({ display: 'inline-block', fontSize: 'sm', color: 'fg.muted', mb: '2' })

const STATUS_COLOR = { connecting: 'blue', connected: 'green', disconnected: 'red' } as const

function StatusLine({ status }: { status: SerialStatus }) {
  return (
    // A status role: a screen reader hears the connection come and go without moving focus.
    <p
      role="status"
      className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm' })}
    >
      <Badge color={STATUS_COLOR[status.kind]} spinner={status.kind === 'connecting'}>
        {STATUS_LABEL[status.kind]}
      </Badge>
      {status.kind === 'disconnected' && <span className={css({ color: 'fg.muted' })}>{status.reason}</span>}
    </p>
  )
}

/** The terminal and its websocket. Mounted only while the instance's state allows a console. */
function SerialTerminal({ project, instance, name }: { project: string; instance: string; name: string }) {
  const hostRef = useRef<HTMLDivElement>(null)
  const termRef = useRef<Terminal | null>(null)
  const [status, setStatus] = useState<SerialStatus>({ kind: 'connecting' })
  // Each press of Reconnect is a new connection: the effect below runs again for it.
  const [attempt, setAttempt] = useState(0)
  const { online } = useConnectivity()
  const onlineRef = useRef(online)
  onlineRef.current = online

  // The terminal lives as long as the panel; connections come and go under it.
  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    const term = new Terminal({
      // The accessible tree mirrors the screen as text rows and announces output.
      screenReaderMode: true,
      cursorBlink: true,
      fontSize: 14,
      fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace',
      scrollback: 5000,
      theme: THEME,
    })
    const removeStyles = openWithConstructedStyles(host.ownerDocument, () => term.open(host))
    termRef.current = term

    let frameId = 0
    const fitToWindow = () => {
      frameId = 0
      const box = host.getBoundingClientRect()
      // The frame's own padding and border below the host end above the window's edge too.
      const frameBelow = (host.parentElement?.getBoundingClientRect().bottom ?? box.bottom) - box.bottom
      const gap = BOTTOM_GAP_PX + Math.max(0, frameBelow)
      host.style.height = `${availableHeight(window.innerHeight, box.top + window.scrollY, gap, MIN_HEIGHT_PX)}px`
      const screen = term.element?.querySelector('.xterm-screen')?.getBoundingClientRect()
      const cell = screen && cellSize(screen, { cols: term.cols, rows: term.rows })
      const grid = cell && fitGrid({ width: host.clientWidth, height: host.clientHeight }, cell)
      if (grid && (grid.cols !== term.cols || grid.rows !== term.rows)) term.resize(grid.cols, grid.rows)
    }
    const scheduleFit = () => {
      if (frameId === 0) frameId = requestAnimationFrame(fitToWindow)
    }
    fitToWindow()
    // Width follows the layout (the sidebar, the window); height follows the window.
    const observer = new ResizeObserver(scheduleFit)
    observer.observe(host)
    window.addEventListener('resize', scheduleFit)
    term.focus()
    return () => {
      if (frameId !== 0) cancelAnimationFrame(frameId)
      observer.disconnect()
      window.removeEventListener('resize', scheduleFit)
      termRef.current = null
      term.dispose()
      removeStyles()
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Reconnect press, not read
  useEffect(() => {
    const term = termRef.current
    if (!term) return
    // The stream replays recent output on connect: a reconnect starts from a clean screen.
    term.reset()
    setStatus({ kind: 'connecting' })
    const ws = new WebSocket(serialStreamUrl(window.location, { project, instance }))
    ws.binaryType = 'arraybuffer'
    let opened = false
    ws.onopen = () => {
      opened = true
      setStatus({ kind: 'connected' })
    }
    ws.onmessage = (e: MessageEvent) => term.write(frameBytes(e.data))
    ws.onclose = (e: CloseEvent) =>
      setStatus({ kind: 'disconnected', reason: closeReason(e, { opened, online: onlineRef.current }) })
    const send = (bytes: Uint8Array) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(bytes)
    }
    const typed = term.onData((data) => send(inputBytes(data)))
    const binary = term.onBinary((data) => send(binaryBytes(data)))
    return () => {
      typed.dispose()
      binary.dispose()
      ws.onopen = null
      ws.onmessage = null
      ws.onclose = null
      ws.close(1000)
    }
  }, [project, instance, attempt])

  return (
    <>
      <div className={toolbar}>
        <StatusLine status={status} />
        <Button
          variant="secondary"
          size="sm"
          disabledReason={online ? undefined : T.offline}
          onClick={() => {
            setAttempt((a) => a + 1)
            termRef.current?.focus()
          }}
        >
          Reconnect
        </Button>
      </div>
      <section aria-label={`Serial console of ${name}`} className={css({ mt: '3' })}>
        <div className={frame}>
          <div ref={hostRef} />
        </div>
      </section>
    </>
  )
}

function SerialConsole({ project, instance }: { project: string; instance: string }) {
  const view = useResource('instanceView', instanceViewParams({ project, instance }))
  useResourcePoll(view, instanceIsMoving)
  const data = view.data
  const ref = { project, instance }
  const name = data?.name ?? instance

  let body: React.ReactNode
  if (data) {
    const refusal = consoleRefusal(data)
    body = refusal ? (
      <EmptyState
        icon={<InstancesIcon />}
        title="Serial console unavailable"
        body={refusal}
        action={{
          label: `Back to ${name}`,
          href: paths.instance(ref),
          render: ({ href, className, children }) => (
            <Link href={href} className={className}>
              {children}
            </Link>
          ),
        }}
      />
    ) : (
      // Keyed by the instance: another instance is another terminal and another stream.
      <SerialTerminal key={`${project}/${instance}`} project={project} instance={instance} name={name} />
    )
  } else {
    body = (
      <ResourceFallback
        view={view}
        offlineBody={`Instance ${instance} is not cached on this device yet. Its serial console needs a connection.`}
        skeletonRows={2}
      />
    )
  }

  return (
    <div>
      <Link href={paths.instance(ref)} className={backLink}>
        <span aria-hidden="true">← </span>Back to {name}
      </Link>
      <PageHeader title="Serial console" icon={<InstancesIcon />} />
      {body}
    </div>
  )
}

export default function SerialConsolePage() {
  const { project, instance } = useRouteParams('project', 'instance')
  return (
    <InstanceGuard project={project} instance={instance}>
      <SerialConsole key={`${project}/${instance}`} project={project} instance={instance} />
    </InstanceGuard>
  )
}
