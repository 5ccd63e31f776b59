// Connect tab: the in-browser serial console (a full page), and the equivalent CLI command with a
// copy button.
import { useId } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { allowedInstanceActions, instanceActionRefusal } from '../../../../machines/instance.machine'
import { useResource } from '../../../../storage'
import { CopyButton } from '../../../components'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { serialConsoleCommand } from './helpers'
import { instanceViewParams } from './queries'
import { section, sectionHeading } from './shared'

const commandBox = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  bg: 'bg.raised',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  px: '3',
  py: '2',
  maxW: '48rem',
})

export default function ConnectTab() {
  const { project, instance } = useRouteParams('project', 'instance')
  const heading = useId()
  const view = useResource('instanceView', instanceViewParams({ project, instance }))
  // The command names the instance as the API knows it once it has answered; the URL's until then.
  const name = view.data?.name ?? instance
  const command = serialConsoleCommand(project, name)
  const state = view.data?.runState
  const refused = state !== undefined && !allowedInstanceActions(state).includes('SERIAL_CONSOLE')
  return (
    <section className={section} aria-labelledby={heading}>
      <h2 id={heading} className={sectionHeading}>
        Serial console
      </h2>
      <p className={css({ fontSize: 'sm', mb: '3' })}>
        <Link href={paths.serialConsole({ project, instance: name })} className={css({ color: 'accent.fg' })}>
          Open the serial console
        </Link>
      </p>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '3', maxW: '48rem' })}>
        Or connect to the instance's serial console from a terminal with the oxide CLI, signed in to this
        silo:
      </p>
      <div className={commandBox}>
        <code className={css({ fontFamily: 'mono', fontSize: 'sm', flex: 1, overflowX: 'auto' })}>
          {command}
        </code>
        <CopyButton value={command} label="CLI command" />
      </div>
      {refused && (
        <p role="note" className={css({ mt: '3', fontSize: 'sm', color: 'notice.fg' })}>
          {instanceActionRefusal.SERIAL_CONSOLE} (this one is {state}).
        </p>
      )}
    </section>
  )
}
