// New disk (`/projects/{project}/disks-new`, over the disks list): a blank disk of a size in GiB, or a
// disk from an image file uploaded by bulk writes (the bulk-upload machine, src/hooks/use-bulk-upload.ts).
// The upload shows a progressbar with bytes sent, percent, rate and time left; it pauses while the
// network is gone (or the server answers 5xx/429) and resumes by itself; Cancel stops the writes and
// deletes the half-made disk, but a disk that finished importing is deleted only after confirmation.
// A failed upload can be dismissed, keeping the disk, which frees the form for a new disk.
// Closing the panel does not stop an upload: reopening the form shows it again. An upload cut short
// by a reload is offered for resuming when the same file is picked again: the file is recognised by
// the SHA-256 of its whole content, hashed (with progress) as soon as it is picked.
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { Button, SideModal, SideModalForm, TextField, toast } from '../components'
import { confirmAction } from '../components/confirm-queue'
import { NameField, RadioGroup, WholeNumberField } from '../components/FormField'
import { dialogFooterClass } from '../components/Modal'
import {
  clearUpload,
  deleteFinishedDisk,
  diskSizeFor,
  dismissUpload,
  PAUSED_TEXT,
  resumableUploads,
  startUpload,
  type Upload,
  useFileCheck,
  useProjectUpload,
  useUploadView,
} from '../hooks/use-bulk-upload'
import { FormError, useForm } from '../hooks/use-form'
import { useWriteGuard } from '../hooks/use-write-guard'
import { UPLOAD_T } from '../strings'
import { formatBytes, GiB } from '../util/bytes'
import { createBlankDisk } from './disk-blank'
import { check, gibRule, NAME } from './validation'

export const MAX_DISK_GIB = 1023

/** Whole GiB from 1 to 1023 (spec 9), whose byte count is a contract ByteCount. */
export const DISK_SIZE = gibRule(MAX_DISK_GIB)

/** Why an image file cannot become a disk; undefined when it can. */
export function diskFileProblem(file: File | null): string | undefined {
  if (!file) return 'Choose an image file'
  if (file.size === 0) return 'The file is empty'
  if (diskSizeFor(file.size) > MAX_DISK_GIB * GiB) return `The file is larger than ${MAX_DISK_GIB} GiB`
  return undefined
}

/** "42 s", "3 min 5 s", "1 h 2 min". */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} min`
}

type Source = 'blank' | 'upload'

const SOURCES = [
  { value: 'blank', label: 'Blank disk' },
  { value: 'upload', label: 'Upload image file' },
] as const

export function DiskCreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  const upload = useProjectUpload(project)
  if (upload) return <UploadPanel upload={upload} project={project} onDismiss={onDismiss} />
  return <CreateForm project={project} onDismiss={onDismiss} />
}

function CreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  const writeBlocked = useWriteGuard()
  const form = useForm({
    id: 'disk-create',
    initial: {
      name: '',
      description: '',
      source: 'blank' as Source,
      sizeGib: '10',
      file: null as File | null,
    },
    rules: { name: NAME },
    check: ({ source, sizeGib, file }) => {
      const problem = source === 'blank' ? check(DISK_SIZE, sizeGib) : diskFileProblem(file)
      return problem ? { [source === 'blank' ? 'sizeGib' : 'file']: problem } : {}
    },
    op: 'diskCreate',
    submit: async ({ name, description, source, sizeGib, file }) => {
      if (source === 'upload' && file) {
        try {
          // Once started, the upload owns the panel and reports there: this form is replaced.
          await startUpload(file, { project, name, description })
        } catch (err) {
          // Only the file check can fail here.
          throw new FormError(
            UPLOAD_T.fileCheckFailed(err instanceof Error ? err.message : String(err)),
            'file',
          )
        }
        return undefined
      }
      return createBlankDisk(project, { name, description, sizeGib })
    },
    onSuccess: (disk) => {
      if (!disk) return
      toast.success(`Disk ${disk.name} created`)
      onDismiss()
    },
    // The picked file is never kept (a file cannot be restored): the user picks it again.
    draft: true,
  })
  const { source, file } = form.values
  const { value: _unset, onChange: _own, ...fileField } = form.field('file')

  // Picking a file hashes it: is there an unfinished upload of the same file (same size and SHA-256)?
  const fileCheck = useFileCheck(file)
  const fingerprint = fileCheck?.fingerprint ?? null
  const resumable = fingerprint ? resumableUploads(project, fingerprint) : []
  const checkText = !fileCheck
    ? null
    : fileCheck.error
      ? UPLOAD_T.fileCheckFailed(fileCheck.error)
      : fileCheck.fingerprint
        ? UPLOAD_T.fileChecked
        : UPLOAD_T.checkingFile(Math.floor(fileCheck.progress * 100))

  return (
    <SideModalForm
      form={form}
      title="New disk"
      submitLabel={source === 'upload' ? 'Upload and create disk' : 'Create disk'}
      onDismiss={onDismiss}
      submitDisabledReason={writeBlocked}
    >
      <NameField label="Name" required describeRule {...form.field('name')} />
      <TextField label="Description" autoComplete="off" {...form.field('description')} />
      <RadioGroup
        legend="Source"
        name="source"
        value={source}
        options={SOURCES}
        onChange={(v) => form.set('source', v)}
      />
      {source === 'blank' ? (
        <WholeNumberField label="Size (GiB)" min={1} max={MAX_DISK_GIB} required {...form.field('sizeGib')} />
      ) : (
        <>
          <TextField
            label="Image file"
            type="file"
            required
            description={
              file
                ? `${formatBytes(file.size)}; the disk will be ${formatBytes(diskSizeFor(file.size))}.`
                : 'A raw disk image. The disk is sized to the file, rounded up to whole GiB.'
            }
            {...fileField}
            onChange={(e) => form.set('file', (e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          {checkText && (
            <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>
              {checkText}
            </p>
          )}
          {file &&
            resumable.map((saved) => (
              <div
                key={`${saved.project}/${saved.name}`}
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: '3',
                  p: '3',
                  mb: '4',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  borderRadius: 'md',
                  fontSize: 'sm',
                })}
              >
                <span>
                  An upload of this file as <strong>{saved.name}</strong> stopped at{' '}
                  {Math.floor(
                    (Math.min(saved.size, saved.ackedChunks.length * saved.chunkSize) / saved.size) * 100,
                  )}
                  %.
                </span>
                <Button
                  variant="secondary"
                  {...(writeBlocked ? { disabledReason: writeBlocked } : {})}
                  onClick={() =>
                    void startUpload(
                      file,
                      { project, name: saved.name, description: saved.description },
                      saved,
                    )
                  }
                >
                  Resume upload of {saved.name}
                </Button>
              </div>
            ))}
        </>
      )}
    </SideModalForm>
  )
}

const PHASE_TEXT: Record<string, string> = {
  preparing: 'Preparing…',
  creating: 'Creating the disk…',
  checking: 'Checking the disk…',
  starting: 'Starting bulk writes…',
  uploading: 'Uploading…',
  paused: PAUSED_TEXT,
  stopping: 'Stopping bulk writes…',
  finalizing: 'Finalizing the disk…',
  failed: 'The upload failed',
  cancelling: 'Cancelling: cleaning up the disk…',
  confirmDelete: UPLOAD_T.finishedTitle,
  cancelled: 'Cancelled',
  dismissed: 'Dismissed',
  done: 'Done',
}

/** Ask before deleting a disk that finished importing (the upload waits for the answer). */
function confirmDeleteFinished(upload: Upload) {
  confirmAction({
    title: UPLOAD_T.deleteFinishedTitle,
    content: (
      <p>
        The disk <strong>{upload.target.name}</strong> {UPLOAD_T.deleteFinishedContent}
      </p>
    ),
    actionLabel: 'Delete',
    actionType: 'danger',
    errorTitle: UPLOAD_T.deleteFinishedError,
    run: () => deleteFinishedDisk(upload),
  })
}

function UploadPanel({
  upload,
  project,
  onDismiss,
}: {
  upload: Upload
  project: string
  onDismiss: () => void
}) {
  const view = useUploadView(upload.actor)
  const finished = view.phase === 'done' || view.phase === 'cancelled'
  const cancelling = view.phase === 'cancelling'
  const confirming = view.phase === 'confirmDelete'
  const failed = view.phase === 'failed'

  // Done or cancelled: the toast comes from the upload itself; the form closes and frees the slot.
  useEffect(() => {
    if (!finished) return
    clearUpload(project)
    onDismiss()
  }, [finished, project, onDismiss])

  // Cancel found the disk finished importing: ask once on arrival; the panel keeps offering both ways.
  const asked = useRef(false)
  useEffect(() => {
    if (!confirming || asked.current) return
    asked.current = true
    confirmDeleteFinished(upload)
  }, [confirming, upload])

  const percent = view.percent
  const detail = [
    `${formatBytes(view.bytesAcked)} of ${formatBytes(view.bytesTotal)} sent`,
    `${percent}%`,
    view.rate > 0 ? `${formatBytes(view.rate)}/s` : null,
    view.etaSeconds !== null && view.phase === 'uploading' ? `${formatEta(view.etaSeconds)} left` : null,
  ]
    .filter(Boolean)
    .join(' · ')
  const phaseText =
    view.phase === 'paused' && (view.pausedFor === 'server' || view.pausedFor === 'throttled')
      ? UPLOAD_T.pausedServer
      : (PHASE_TEXT[view.phase] ?? view.phase)

  const footer = (
    <div className={dialogFooterClass}>
      <Button variant="secondary" onClick={onDismiss}>
        Close
      </Button>
      {(failed || confirming) && (
        <Button variant="secondary" onClick={() => dismissUpload(upload)}>
          {UPLOAD_T.dismiss}
        </Button>
      )}
      {confirming ? (
        <Button variant="danger" onClick={() => confirmDeleteFinished(upload)}>
          {UPLOAD_T.deleteDisk}
        </Button>
      ) : (
        <Button
          variant="danger"
          onClick={() => upload.actor.send({ type: 'CANCEL' })}
          loading={cancelling}
          {...(finished ? { disabledReason: 'The upload has ended' } : {})}
        >
          Cancel upload
        </Button>
      )}
    </div>
  )

  return (
    <SideModal
      open
      onDismiss={onDismiss}
      title="New disk"
      subtitle={`Uploading ${upload.fileName} as ${upload.target.name}`}
      footer={footer}
    >
      <div className={css({ display: 'grid', gap: '3' })}>
        <p aria-live="polite" className={css({ fontWeight: 'medium' })}>
          {phaseText}
        </p>
        <div
          role="progressbar"
          aria-label={`Upload of ${upload.target.name}`}
          aria-valuemin={0}
          aria-valuemax={view.bytesTotal}
          aria-valuenow={view.bytesAcked}
          aria-valuetext={`${percent}% (${formatBytes(view.bytesAcked)} of ${formatBytes(view.bytesTotal)})`}
          className={css({ h: '2', w: 'full', bg: 'bg.hover', borderRadius: 'full', overflow: 'hidden' })}
        >
          <div
            className={css({ h: 'full', bg: 'accent.solid', transition: 'width 0.2s' })}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className={css({ fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
          {detail}
        </p>
        {failed && view.error && (
          <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
            {view.error}
          </p>
        )}
        {confirming && <p className={css({ fontSize: 'sm' })}>{UPLOAD_T.finishedBody(upload.target.name)}</p>}
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          Closing this panel does not stop the upload. If the page is reloaded, pick the same file again to
          resume.
        </p>
      </div>
    </SideModal>
  )
}
