// New disk (`/projects/{project}/disks-new`, over the disks list) from one of four sources: blank (with
// a block size), a copy of one of the project's snapshots, a copy of a project or silo image (both
// sized in GiB, grown to hold the source), or an image file uploaded by bulk writes (the bulk-upload
// machine, src/hooks/use-bulk-upload.ts).
// The upload shows a progressbar with bytes sent, percent, rate and time left; it pauses while the
// network is gone (or the server answers 5xx/429) and resumes by itself; Cancel stops the writes and
// deletes the half-made disk, but a disk that finished importing is deleted only after confirmation.
// A failed upload can be dismissed, keeping the disk, which frees the form for a new disk; when the
// failure is one a retry can get past (the machine says: it takes RETRY), Retry upload goes on from
// where it stands, without sending the acknowledged chunks again.
// Closing the panel does not stop an upload: reopening the form shows it again. An upload cut short
// by a reload is offered for resuming when the same file is picked again: the file is recognised by
// the SHA-256 of its whole content, hashed (with progress) as soon as it is picked.
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { useList } from '../../storage'
import type { Disk, ListItem } from '../api/types'
import { Button, SideModalForm } from '../components'
import { confirmAction } from '../components/confirm-queue'
import { Select, WholeNumberField } from '../components/FormField'
import { dialogFooterClass } from '../components/Modal'
import { useKindReason } from '../hooks/use-action-reason'
import {
  clearUpload,
  deleteFinishedDisk,
  diskSizeFor,
  dismissUpload,
  resumableUploads,
  startUpload,
  type Upload,
  UploadRefusedError,
  useFileCheck,
  useProjectUpload,
  useUploadView,
} from '../hooks/use-bulk-upload'
import { FormError } from '../hooks/use-form'
import { useWriteGuard } from '../hooks/use-write-guard'
import { PICK } from '../lists'
import { S } from '../strings'
import { kinds } from '../ui/kinds'
import { formatBytes, GiB, gibToHold } from '../util/bytes'
import {
  type BlockSize,
  createDisk,
  DEFAULT_BLOCK_SIZE,
  DISK_SIZE,
  type DiskOrigin,
  MAX_DISK_GIB,
  sizeToHold,
} from './disk-blank'
import { BlockSizeSelect, FormRadio, NameAndDescription } from './fields'
import { useSideForm, whenSaved } from './side-form'
import { UPLOAD_T } from './upload-strings'
import { CancelUploadButton, ImageFileField, RetryUploadButton, UploadPanelFrame } from './upload-ui'
import { check, NAME } from './validation'

/**
 * Why an image file cannot become a disk; undefined when it can. With a `blockSize` (the image form's
 * choice), the file must be a whole number of blocks; without one (the disk form's upload, 512-byte
 * blocks), the last partial block is padded with zeros.
 */
export function diskFileProblem(file: File | null, blockSize?: number): string | undefined {
  if (!file) return 'Choose an image file'
  if (file.size === 0) return 'The file is empty'
  if (diskSizeFor(file.size) > MAX_DISK_GIB * GiB) return `The file is larger than ${MAX_DISK_GIB} GiB`
  if (blockSize !== undefined && file.size % blockSize !== 0)
    return `The file's size (${file.size} bytes) is not a multiple of the block size (${blockSize} bytes)`
  return undefined
}

// Time left is worded by the shared upload UI; kept exported here for the form's tests.
export { formatEta } from './upload-ui'

export type Source = 'blank' | 'snapshot' | 'image' | 'upload'

const SOURCES = [
  { value: 'blank', label: 'Blank disk' },
  { value: 'snapshot', label: 'From a snapshot' },
  { value: 'image', label: 'From an image' },
  { value: 'upload', label: 'Upload image file' },
] as const

export type DiskCreateValues = {
  name: string
  description: string
  source: Source
  /** A blank disk's block size (nexus.json BlockSize), as the select holds it. */
  blockSize: string
  /** The id of the snapshot or image the disk is copied from. */
  snapshot: string
  image: string
  readOnly: boolean
  sizeGib: string
  file: File | null
}

type Problems = Partial<Record<keyof DiskCreateValues, string>>

/**
 * The rules that depend on the source: a snapshot or an image must be chosen and fit in the disk
 * (`sourceSize` is the chosen one's byte count, once known); an upload needs a usable file.
 */
export function diskCreateProblems(values: DiskCreateValues, sourceSize?: number): Problems {
  const { source } = values
  if (source === 'upload') {
    const problem = diskFileProblem(values.file)
    return problem ? { file: problem } : {}
  }
  const out: Problems = {}
  if (source === 'snapshot' && !values.snapshot) out.snapshot = 'Choose a snapshot'
  if (source === 'image' && !values.image) out.image = 'Choose an image'
  const sizeProblem = check(DISK_SIZE, values.sizeGib)
  if (sizeProblem) out.sizeGib = sizeProblem
  else if (source !== 'blank' && sourceSize !== undefined && Number(values.sizeGib) < gibToHold(sourceSize))
    out.sizeGib = `Size must be at least ${gibToHold(sourceSize)} GiB to hold the ${source}`
  return out
}

/** What the API is told the disk is made from (the upload has its own calls). */
export function originOf(values: DiskCreateValues): DiskOrigin {
  const { readOnly } = values
  if (values.source === 'snapshot') return { type: 'snapshot', snapshotId: values.snapshot, readOnly }
  if (values.source === 'image') return { type: 'image', imageId: values.image, readOnly }
  return { type: 'blank', blockSize: Number(values.blockSize) as BlockSize }
}

type SnapshotItem = ListItem<'snapshotList'>
type ImageItem = ListItem<'imageList'>

/** A snapshot can be copied only once it is ready; the others are shown, with their state, disabled. */
export const snapshotOptions = (snapshots: readonly SnapshotItem[]) =>
  snapshots.map((s) => ({
    value: s.id,
    label: `${s.name} (${formatBytes(s.size)}${s.state === 'ready' ? '' : `, ${s.state}`})`,
    disabled: s.state !== 'ready',
  }))

/** The project's images first, then the silo's, each saying which it is. */
export const imageOptions = (project: readonly ImageItem[], silo: readonly ImageItem[]) =>
  [...project, ...silo].map((i) => ({
    value: i.id,
    label: `${i.name} (${i.projectId ? 'project' : 'silo'} image, ${i.os} ${i.version}, ${formatBytes(i.size)})`,
  }))

const choosePlaceholder = (items: readonly unknown[] | undefined, what: string, none: string) =>
  items === undefined
    ? `Loading ${what}s…`
    : items.length
      ? `Choose ${what === 'image' ? 'an' : 'a'} ${what}`
      : none

const checkboxRow = css({ display: 'flex', alignItems: 'center', gap: '2', mb: '4', fontSize: 'sm' })
const note = css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })

export function DiskCreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  const upload = useProjectUpload(project)
  if (upload) return <UploadPanel upload={upload} project={project} onDismiss={onDismiss} />
  return <CreateForm project={project} onDismiss={onDismiss} />
}

function CreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  const writeBlocked = useWriteGuard()
  const snapshots = useList('snapshotList', { query: { project, ...PICK } }).data?.items
  const projectImages = useList('imageList', { query: { project, ...PICK } }).data?.items
  const siloImages = useList('imageList', { query: PICK }).data?.items
  const images = projectImages && siloImages ? [...projectImages, ...siloImages] : undefined
  const sourceSize = (values: DiskCreateValues) =>
    values.source === 'snapshot'
      ? snapshots?.find((s) => s.id === values.snapshot)?.size
      : values.source === 'image'
        ? images?.find((i) => i.id === values.image)?.size
        : undefined

  const { form, modal } = useSideForm<DiskCreateValues, Disk | undefined>({
    id: 'disk-create',
    initial: {
      name: '',
      description: '',
      source: 'blank',
      blockSize: String(DEFAULT_BLOCK_SIZE),
      snapshot: '',
      image: '',
      readOnly: false,
      sizeGib: '10',
      file: null,
    },
    rules: { name: NAME },
    check: (values) => diskCreateProblems(values, sourceSize(values)),
    submit: async (values) => {
      const { name, description, source, sizeGib, file } = values
      if (source === 'upload' && file) {
        try {
          // Once the disk is made, the upload owns the panel and reports there: this form is replaced.
          await startUpload(file, { project, name, description })
        } catch (err) {
          // The disk was refused (its name taken, a quota): said here, on the name when it is the name.
          if (err instanceof UploadRefusedError)
            throw new FormError(err.message, err.message.endsWith(S.alreadyExistsSuffix) ? 'name' : undefined)
          // Otherwise the file check failed.
          throw new FormError(
            UPLOAD_T.fileCheckFailed(err instanceof Error ? err.message : String(err)),
            'file',
          )
        }
        return undefined
      }
      return createDisk(project, { name, description, sizeGib }, originOf(values))
    },
    // An upload answers with no disk: it owns the panel now, which stays open.
    ...whenSaved((disk) => `Disk ${disk.name} created`, onDismiss),
    // The picked file is never kept (a file cannot be restored): the user picks it again.
    draft: true,
    title: 'New disk',
    submitLabel: ({ source }) => (source === 'upload' ? 'Upload and create disk' : 'Create disk'),
    disabledReason: writeBlocked,
    onDismiss,
  })
  const { source, file } = form.values
  const chosenSize = sourceSize(form.values)
  const minGib = chosenSize === undefined ? 1 : gibToHold(chosenSize)
  // The one picker of a copy's source: the project's snapshots, or its and the silo's images.
  const picker =
    source === 'snapshot'
      ? {
          key: source,
          label: 'Snapshot',
          items: snapshots,
          options: snapshotOptions(snapshots ?? []),
          none: 'No snapshots in this project',
        }
      : source === 'image'
        ? {
            key: source,
            label: 'Image',
            items: images,
            options: imageOptions(projectImages ?? [], siloImages ?? []),
            none: 'No images in this project or silo',
          }
        : null
  /** Choosing a snapshot or an image grows the size to hold it. */
  const choose = (key: 'snapshot' | 'image', id: string, bytes: number | undefined) => {
    form.set(key, id)
    if (bytes !== undefined) form.set('sizeGib', sizeToHold(form.values.sizeGib, bytes))
  }

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
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <FormRadio form={form} field="source" legend="Source" options={SOURCES} />
      {picker && (
        <Select
          label={picker.label}
          required
          placeholder={choosePlaceholder(picker.items, picker.key, picker.none)}
          options={picker.options}
          {...form.field(picker.key)}
          onChange={(e) =>
            choose(picker.key, e.target.value, picker.items?.find((x) => x.id === e.target.value)?.size)
          }
        />
      )}
      {source === 'blank' && <BlockSizeSelect form={form} description="Fixed once the disk is created." />}
      {source === 'snapshot' || source === 'image' ? (
        <>
          <p className={note}>The disk takes the block size of the {source} it is copied from.</p>
          <label className={checkboxRow}>
            <input
              type="checkbox"
              checked={form.values.readOnly}
              onChange={(e) => form.set('readOnly', e.target.checked)}
            />
            Read-only
          </label>
        </>
      ) : null}
      {source !== 'upload' ? (
        <WholeNumberField
          label="Size (GiB)"
          min={minGib}
          max={MAX_DISK_GIB}
          required
          {...(chosenSize === undefined
            ? {}
            : { description: `At least ${minGib} GiB to hold the ${source}.` })}
          {...form.field('sizeGib')}
        />
      ) : (
        <>
          <ImageFileField
            file={file}
            what="disk"
            field={form.field('file')}
            onPick={(picked) => form.set('file', picked)}
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
  const reason = useKindReason(kinds.disk, 'managing disks')
  const finished = view.phase === 'done' || view.phase === 'cancelled'
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
      <RetryUploadButton upload={upload} view={view} reason={reason()} />
      {confirming ? (
        <Button variant="danger" onClick={() => confirmDeleteFinished(upload)}>
          {UPLOAD_T.deleteDisk}
        </Button>
      ) : (
        <CancelUploadButton
          upload={upload}
          view={view}
          refusal={finished ? 'The upload has ended' : undefined}
        />
      )}
    </div>
  )

  return (
    <UploadPanelFrame
      title="New disk"
      upload={upload}
      view={view}
      shownName={upload.target.name}
      footer={footer}
      onDismiss={onDismiss}
    >
      {confirming && <p className={css({ fontSize: 'sm' })}>{UPLOAD_T.finishedBody(upload.target.name)}</p>}
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        Closing this panel does not stop the upload. If the page is reloaded, pick the same file again to
        resume.
      </p>
    </UploadPanelFrame>
  )
}
