// Connect tab: the in-browser serial console (a full page), the equivalent CLI command with a copy
// button, and SSH: a command per external IP (the login user is the image's, the keys those chosen at
// create), or where to attach an IP when the instance has none.
import { useId } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { allowedInstanceActions, instanceActionRefusal } from '../../../../machines/instance.machine'
import { useList, useResource } from '../../../../storage'
import { CopyButton } from '../../../components'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { reachableIps } from './ExternalIps'
import { serialConsoleCommand } from './helpers'
import { instanceExternalIpsParams, instanceViewParams } from './queries'
import { listStandIn, mono, section, sectionHeading } from './shared'

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

const note = css({ color: 'fg.muted', fontSize: 'sm', mb: '3', maxW: '48rem' })
const link = css({ color: 'accent.fg', textDecoration: 'underline' })
const commands = css({ display: 'flex', flexDir: 'column', gap: '2', mb: '3' })

/** A command in a box, with its copy button. */
function Command({ command, label }: { command: string; label: string }) {
  return (
    <div className={commandBox}>
      <code className={css({ fontFamily: 'mono', fontSize: 'sm', flex: 1, overflowX: 'auto' })}>
        {command}
      </code>
      <CopyButton value={command} label={label} />
    </div>
  )
}

/** What the SSH section says, from the instance's external IPs as read so far. */
function sshBody(ref: { project: string; instance: string }, ips: ReturnType<typeof useExternalIps>) {
  const standIn = listStandIn(ips, 'external IPs')
  if (standIn || !ips.data) return standIn
  const reachable = reachableIps(ips.data.items)
  if (reachable.length === 0)
    return (
      <p className={note}>
        This instance has no external IP, so it cannot be reached over SSH from outside its VPC. Attach one in{' '}
        <Link href={paths.instanceNetworking(ref)} className={link}>
          Networking
        </Link>
        .
      </p>
    )
  return (
    <>
      <div className={commands}>
        {reachable.map((ip) => (
          <Command key={ip.ip} command={`ssh ${ip.ip}`} label={`SSH command for ${ip.ip}`} />
        ))}
      </div>
      <p className={note}>
        The user to log in as depends on the image (<code className={mono}>ssh user@address</code>; see the
        image's documentation). The instance accepts the SSH keys chosen when it was created; yours are in{' '}
        <Link href={paths.sshKeys()} className={link}>
          Settings → SSH keys
        </Link>
        .
      </p>
    </>
  )
}

/**
 * The instance's addresses, read with the header's key (its External IPs: the instance's name), so the
 * tab shares that cache entry rather than fetching again.
 */
const useExternalIps = (ref: { project: string; instance: string }) =>
  useList('instanceExternalIpList', instanceExternalIpsParams(ref))

/** SSH to the reachable addresses: ephemeral and floating (SNAT is outbound only). */
function SshSection(ref: { project: string; instance: string }) {
  const heading = useId()
  const ips = useExternalIps(ref)
  return (
    <section className={section} aria-labelledby={heading}>
      <h2 id={heading} className={sectionHeading}>
        SSH
      </h2>
      {sshBody(ref, ips)}
    </section>
  )
}

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
    <>
      <section className={section} aria-labelledby={heading}>
        <h2 id={heading} className={sectionHeading}>
          Serial console
        </h2>
        <p className={css({ fontSize: 'sm', mb: '3' })}>
          <Link
            href={paths.serialConsole({ project, instance: name })}
            className={css({ color: 'accent.fg' })}
          >
            Open the serial console
          </Link>
        </p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '3', maxW: '48rem' })}>
          Or connect to the instance's serial console from a terminal with the oxide CLI, signed in to this
          silo:
        </p>
        <Command command={command} label="CLI command" />
        {refused && (
          <p role="note" className={css({ mt: '3', fontSize: 'sm', color: 'notice.fg' })}>
            {instanceActionRefusal.SERIAL_CONSOLE} (this one is {state}).
          </p>
        )}
      </section>
      {/* The header's addresses are read by the instance's name, once the instance has loaded. */}
      {view.data && <SshSection project={project} instance={view.data.name} />}
    </>
  )
}
