// What every form that uploads a file through the bulk-upload machine (a disk, an image) shows: the
// file picker with what the file will become, and while the upload runs the phase in words (announced
// politely), a progressbar in bytes, bytes sent with percent, rate and time left, and the failure.
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button, SideModal, TextField } from '../components'
import {
  diskSizeFor,
  PAUSED_TEXT,
  retryUpload,
  type Upload,
  type UploadPhase,
  type UploadView,
} from '../hooks/use-bulk-upload'
import type { FieldProps } from '../hooks/use-form'
import { formatBytes } from '../util/bytes'
import { UPLOAD_T } from './upload-strings'

/** "42 s", "3 min 5 s", "1 h 2 min". */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} min`
}

export const PHASE_TEXT: Record<UploadPhase, string> = {
  preparing: 'Preparing…',
  creating: 'Creating the disk…',
  checking: 'Checking the disk…',
  starting: 'Starting bulk writes…',
  uploading: 'Uploading…',
  paused: PAUSED_TEXT,
  stopping: 'Stopping bulk writes…',
  finalizing: 'Finalizing the disk…',
  imaging: 'Creating the image…',
  cleaningUp: 'Deleting the temporary disk and snapshot…',
  failed: 'The upload failed',
  cancelling: 'Cancelling: cleaning up the disk…',
  confirmDelete: UPLOAD_T.finishedTitle,
  cancelled: 'Cancelled',
  dismissed: 'Dismissed',
  done: 'Done',
}

/** The phase in words: a pause says whether it waits for the network or for a busy server. */
export function phaseText(view: Pick<UploadView, 'phase' | 'pausedFor'>): string {
  if (view.phase === 'paused' && (view.pausedFor === 'server' || view.pausedFor === 'throttled'))
    return UPLOAD_T.pausedServer
  return PHASE_TEXT[view.phase] ?? view.phase
}

/** "1 MiB of 8 MiB sent · 12% · 2 MiB/s · 3 s left" (rate and time left once known). */
export function progressDetail(
  view: Pick<UploadView, 'phase' | 'bytesAcked' | 'bytesTotal' | 'percent' | 'rate' | 'etaSeconds'>,
): string {
  return [
    `${formatBytes(view.bytesAcked)} of ${formatBytes(view.bytesTotal)} sent`,
    `${view.percent}%`,
    view.rate > 0 ? `${formatBytes(view.rate)}/s` : null,
    view.etaSeconds !== null && view.phase === 'uploading' ? `${formatEta(view.etaSeconds)} left` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** `label` names the progressbar ("Upload of <name>"). */
export function UploadProgress({ view, label }: { view: UploadView; label: string }) {
  const { percent, bytesAcked, bytesTotal } = view
  return (
    <>
      <p aria-live="polite" className={css({ fontWeight: 'medium' })}>
        {phaseText(view)}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={bytesTotal}
        aria-valuenow={bytesAcked}
        aria-valuetext={`${percent}% (${formatBytes(bytesAcked)} of ${formatBytes(bytesTotal)})`}
        className={css({ h: '2', w: 'full', bg: 'bg.hover', borderRadius: 'full', overflow: 'hidden' })}
      >
        <div
          className={css({ h: 'full', bg: 'accent.solid', transition: 'width 0.2s' })}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
        {progressDetail(view)}
      </p>
      {view.phase === 'failed' && view.error && (
        <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {view.error}
        </p>
      )}
    </>
  )
}

/**
 * The image file picker of a form: `field` is the form's binding of the file value (a file input has
 * no value to set), `onPick` stores the file picked. `what` the file becomes, sized to whole GiB.
 */
export function ImageFileField({
  file,
  what,
  field,
  onPick,
}: {
  file: File | null
  what: 'disk' | 'image'
  field: FieldProps
  onPick: (file: File | null) => void
}) {
  const { value: _unset, onChange: _own, ...rest } = field
  return (
    <TextField
      label="Image file"
      type="file"
      required
      description={
        file
          ? `${formatBytes(file.size)}; the ${what} will be ${formatBytes(diskSizeFor(file.size))}.`
          : `A raw disk image. The ${what} is sized to the file, rounded up to whole GiB.`
      }
      {...rest}
      onChange={(e) => onPick((e.target as HTMLInputElement).files?.[0] ?? null)}
    />
  )
}

/** Cancel of a running upload (the machine cleans up); `refusal` says why it is not offered now. */
export function CancelUploadButton({
  upload,
  view,
  refusal,
}: {
  upload: Upload
  view: UploadView
  refusal: string | undefined
}) {
  return (
    <Button
      variant="danger"
      onClick={() => upload.actor.send({ type: 'CANCEL' })}
      loading={view.phase === 'cancelling'}
      {...(refusal ? { disabledReason: refusal } : {})}
    >
      Cancel upload
    </Button>
  )
}

/**
 * Retry of a failed upload (disk and image forms), offered only while the upload's machine takes
 * RETRY; `reason` says why it is disabled now (offline, the role).
 */
export function RetryUploadButton({
  upload,
  view,
  reason,
}: {
  upload: Upload
  view: Pick<UploadView, 'canRetry'>
  reason: string | undefined
}) {
  if (!view.canRetry) return null
  return (
    <Button
      variant="primary"
      onClick={() => retryUpload(upload)}
      {...(reason !== undefined ? { disabledReason: reason } : {})}
    >
      Retry upload
    </Button>
  )
}

/** The side modal of a running upload: `shownName` is what the user named (the disk, the image). */
export function UploadPanelFrame({
  title,
  upload,
  view,
  shownName,
  footer,
  onDismiss,
  children,
}: {
  title: string
  onDismiss: () => void
  upload: Upload
  view: UploadView
  shownName: string
  footer: ReactNode
  children?: ReactNode
}) {
  return (
    <SideModal
      open
      onDismiss={onDismiss}
      title={title}
      subtitle={`Uploading ${upload.fileName} as ${shownName}`}
      footer={footer}
    >
      <div className={css({ display: 'grid', gap: '3' })}>
        <UploadProgress view={view} label={`Upload of ${shownName}`} />
        {children}
      </div>
    </SideModal>
  )
}
