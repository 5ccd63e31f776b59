// View an SSH key (`/settings/ssh-keys/{sshKey}/edit`, over the SSH keys list). Keys cannot be
// changed through the API, so the fields are read-only, each with a copy button.
import { useId } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes/input'
import { useResource } from '../../storage'
import { CopyButton } from '../components'
import { formatDateTime } from '../util/date'
import { ViewSideModal } from './when-loaded'

const fieldClass = css({ display: 'flex', flexDir: 'column', gap: '1.5', mb: '4' })
const labelClass = css({ fontSize: 'sm', fontWeight: 'medium' })
const rowClass = css({ display: 'flex', alignItems: 'flex-start', gap: '2' })

function ReadOnlyField({ label, value, multiline }: { label: string; value: string; multiline?: boolean }) {
  const id = useId()
  return (
    <div className={fieldClass}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className={rowClass}>
        {multiline ? (
          <textarea
            id={id}
            readOnly
            value={value}
            rows={6}
            spellCheck={false}
            className={cx(
              input(),
              css({ h: 'auto', py: '2', fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' }),
            )}
          />
        ) : (
          <input id={id} readOnly value={value} className={input()} />
        )}
        <CopyButton value={value} label={label.toLowerCase()} />
      </div>
    </div>
  )
}

export function SshKeyViewForm({ sshKey, onDismiss }: { sshKey: string; onDismiss: () => void }) {
  const key = useResource('currentUserSshKeyView', { path: { sshKey } })
  return (
    <ViewSideModal view={key} title="SSH key" subtitle={sshKey} onDismiss={onDismiss}>
      {(data) => (
        <>
          <ReadOnlyField label="Name" value={data.name} />
          <ReadOnlyField label="Description" value={data.description} />
          <ReadOnlyField label="Public key" value={data.publicKey} multiline />
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            Added {formatDateTime(data.timeCreated)}. SSH keys cannot be edited: delete this one and add a new
            key instead.
          </p>
        </>
      )}
    </ViewSideModal>
  )
}
