// New disk (`/projects/{project}/disks-new`, over the disks list): a blank disk of a size in GiB, or a
// disk from an image file uploaded by bulk writes (the bulk-upload machine, src/hooks/use-bulk-upload.ts).
// The upload shows a progressbar with bytes sent, percent, rate and time left; it pauses while the
// network is gone (or the server answers 5xx/429) and resumes by itself; Cancel stops the writes and
// deletes the half-made disk, but a disk that finished importing is deleted only after confirmation.
// A failed upload can be dismissed, keeping the disk, which frees the form for a new disk.
// Closing the panel does not stop an upload: reopening the form shows it again. An upload cut short
// by a reload is offered for resuming when the same file is picked again: the file is recognised by
// the SHA-256 of its whole content, hashed (with progress) as soon as it is picked.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { mutate, OfflineError } from '../../storage'
import { toUserError } from '../api/errors'
import { Button, SideModal, TextField, toast } from '../components'
import { confirmAction } from '../components/ConfirmAction'
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
import { useWriteGuard } from '../hooks/use-write-guard'
import { T, UPLOAD_T } from '../strings'
import { formatBytes, GiB } from '../util/bytes'
import { MAX_NAME_LENGTH } from '../util/names'

export const MAX_DISK_GIB = 1023

/** The API's Name rules, checked before sending; undefined when valid. */
export function diskNameProblem(name: string): string | undefined {
  if (name === '') return 'Name is required'
  if (name.length > MAX_NAME_LENGTH) return `Name must be at most ${MAX_NAME_LENGTH} characters`
  if (!/^[a-z]/.test(name)) return 'Name must start with a lowercase letter'
  if (!/^[a-z0-9-]*$/.test(name)) return 'Name may contain only lowercase letters, digits and hyphens'
  if (name.endsWith('-')) return 'Name must not end with a hyphen'
  return undefined
}

/** Size in whole GiB, 1 to 1023 (the API's disk size rule); undefined when valid. */
export function diskSizeProblem(gib: string): string | undefined {
  if (!/^\d+$/.test(gib.trim())) return 'Size must be a whole number of GiB'
  const n = Number(gib)
  if (n < 1) return 'Size must be at least 1 GiB'
  if (n > MAX_DISK_GIB) return `Size must be at most ${MAX_DISK_GIB} GiB`
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

const radioRow = css({ display: 'flex', gap: '4', mb: '4', fontSize: 'sm' })
const radioLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer' })

export function DiskCreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  const upload = useProjectUpload(project)
  if (upload) return <UploadPanel upload={upload} project={project} onDismiss={onDismiss} />
  return <CreateForm project={project} onDismiss={onDismiss} />
}

function CreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  const formId = useId()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [source, setSource] = useState<Source>('blank')
  const [sizeGib, setSizeGib] = useState('10')
  const [file, setFile] = useState<File | null>(null)
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; size?: string; file?: string }>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const writeBlocked = useWriteGuard()

  // Picking a file hashes it: is there an unfinished upload of the same file (same size and SHA-256)?
  const check = useFileCheck(file)
  const fingerprint = check?.fingerprint ?? null
  const resumable = fingerprint ? resumableUploads(project, fingerprint) : []
  const checkText = !check
    ? null
    : check.error
      ? UPLOAD_T.fileCheckFailed(check.error)
      : check.fingerprint
        ? UPLOAD_T.fileChecked
        : UPLOAD_T.checkingFile(Math.floor(check.progress * 100))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const errs = {
      name: diskNameProblem(name),
      size: source === 'blank' ? diskSizeProblem(sizeGib) : undefined,
      file:
        source === 'upload'
          ? !file
            ? 'Choose an image file'
            : file.size === 0
              ? 'The file is empty'
              : diskSizeFor(file.size) > MAX_DISK_GIB * GiB
                ? `The file is larger than ${MAX_DISK_GIB} GiB`
                : undefined
          : undefined,
    }
    setFieldErrors(errs)
    setServerError(null)
    if (errs.name || errs.size || errs.file) return
    if (source === 'upload' && file) {
      setSubmitting(true)
      try {
        await startUpload(file, { project, name, description })
      } catch (err) {
        // Only the file check can fail here: the upload itself reports in its panel.
        setServerError(UPLOAD_T.fileCheckFailed(err instanceof Error ? err.message : String(err)))
      } finally {
        setSubmitting(false)
      }
      return
    }
    setSubmitting(true)
    try {
      const r = await mutate(
        'diskCreate',
        {
          query: { project },
          body: {
            name,
            description,
            size: Number(sizeGib) * GiB,
            diskBackend: { type: 'distributed', diskSource: { type: 'blank', blockSize: 4096 } },
          },
        },
        { invalidates: [{ endpoint: 'diskList' }] },
      )
      if (r.type !== 'success') {
        setServerError(toUserError('diskCreate', r).message)
        return
      }
      toast.success(`Disk ${r.data.name} created`)
      onDismiss()
    } catch (err) {
      setServerError(err instanceof OfflineError ? T.offline : String(err))
    } finally {
      setSubmitting(false)
    }
  }

  const summary = [fieldErrors.name, fieldErrors.size, fieldErrors.file, serverError ?? undefined].filter(
    (x): x is string => Boolean(x),
  )

  return (
    <SideModal
      open
      onDismiss={onDismiss}
      title="New disk"
      formId={formId}
      submitLabel={source === 'upload' ? 'Upload and create disk' : 'Create disk'}
      submitting={submitting}
      errors={summary}
      {...(writeBlocked ? { submitDisabledReason: writeBlocked } : {})}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="off"
          maxLength={MAX_NAME_LENGTH}
          description="Lowercase letters, digits and hyphens; starts with a letter."
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldErrors.name}
        />
        <TextField
          label="Description"
          name="description"
          autoComplete="off"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
          <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>Source</legend>
          <div className={radioRow}>
            <label className={radioLabel}>
              <input
                type="radio"
                name="source"
                value="blank"
                checked={source === 'blank'}
                onChange={() => setSource('blank')}
              />
              Blank disk
            </label>
            <label className={radioLabel}>
              <input
                type="radio"
                name="source"
                value="upload"
                checked={source === 'upload'}
                onChange={() => setSource('upload')}
              />
              Upload image file
            </label>
          </div>
        </fieldset>
        {source === 'blank' ? (
          <TextField
            label="Size (GiB)"
            name="size"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DISK_GIB}
            step={1}
            required
            value={sizeGib}
            onChange={(e) => setSizeGib(e.target.value)}
            error={fieldErrors.size}
          />
        ) : (
          <>
            <TextField
              label="Image file"
              name="file"
              type="file"
              required
              description={
                file
                  ? `${formatBytes(file.size)}; the disk will be ${formatBytes(diskSizeFor(file.size))}.`
                  : 'A raw disk image. The disk is sized to the file, rounded up to whole GiB.'
              }
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              error={fieldErrors.file}
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
      </form>
    </SideModal>
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
