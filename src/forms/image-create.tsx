// New image (`/projects/{project}/images-new`, over the images list): name, description, OS, version,
// block size (512, 2048 or 4096 bytes, nexus.json BlockSize; 512 by default) and an image file, whose
// size must be a whole number of blocks (refused on the file field otherwise). The file goes up
// through the bulk-upload machine into a temporary disk of that block size (so the image has it), whose
// finalize takes a snapshot; the image is made from that snapshot, then the temporary disk and snapshot
// are deleted (src/hooks/use-bulk-upload.ts). A taken name is found before any byte is sent ("Image
// name already exists" on the name field, every value kept): uploading first would waste the upload.
// While it runs, the panel shows the shared upload progress; a dropped link pauses and resumes it;
// Cancel deletes the temporary disk and snapshot; after a failure a retry can get past, Retry upload
// goes on from where it stands. Closing the panel does not stop the upload.

import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { Button, SideModalForm } from '../components'
import { dialogFooterClass } from '../components/Modal'
import { useKindReason } from '../hooks/use-action-reason'
import {
  clearUpload,
  dismissUpload,
  imageNameTaken,
  startImageUpload,
  UPLOAD_BLOCK_SIZE,
  type Upload,
  useProjectUpload,
  useUploadView,
} from '../hooks/use-bulk-upload'
import { FormError } from '../hooks/use-form'
import { kinds } from '../ui/kinds'
import { BLOCK_SIZES } from './disk-blank'
import { diskFileProblem } from './disk-create'
import { BlockSizeSelect, NameAndDescription, OS_AND_VERSION, OsAndVersion } from './fields'
import { useSideForm } from './side-form'
import { UPLOAD_T } from './upload-strings'
import { CancelUploadButton, ImageFileField, RetryUploadButton, UploadPanelFrame } from './upload-ui'
import { NAME } from './validation'

/** The block size the select holds (a string), as the API takes it. */
export const chosenBlockSize = (value: string) =>
  BLOCK_SIZES.find((n) => String(n) === value) ?? UPLOAD_BLOCK_SIZE

/** Why the file cannot become an image of the chosen block size; undefined when it can. */
export function imageFileProblem(file: File | null, blockSize: string): string | undefined {
  return diskFileProblem(file, chosenBlockSize(blockSize))
}

export function ImageCreateForm({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  const upload = useProjectUpload(project, 'image')
  if (upload) return <ImageUploadPanel upload={upload} project={project} onDismiss={onDismiss} />
  return <ImageFields project={project} onDismiss={onDismiss} />
}

function ImageFields({ project, onDismiss }: { project: string; onDismiss: () => void }) {
  // The mock and the API: a temporary disk and an image of the project need a project collaborator.
  const reason = useKindReason(kinds.image, 'uploading an image')
  const { form, modal } = useSideForm({
    id: 'image-create',
    initial: {
      name: '',
      description: '',
      os: '',
      version: '',
      blockSize: String(UPLOAD_BLOCK_SIZE),
      file: null as File | null,
    },
    rules: { name: NAME, ...OS_AND_VERSION },
    check: ({ file, blockSize }) => {
      const problem = imageFileProblem(file, blockSize)
      return problem ? { file: problem } : {}
    },
    submit: async ({ name, description, os, version, blockSize, file }) => {
      const taken = await imageNameTaken(project, name)
      if (taken) throw new FormError(taken, 'name')
      // Once started, the upload owns the panel and reports there: this form is replaced.
      if (file)
        await startImageUpload(file, project, { name, description, os, version }, chosenBlockSize(blockSize))
    },
    // Sent, the form is replaced by the upload's panel rather than closed.
    onSaved: () => {},
    // The picked file is never kept (a file cannot be restored): the user picks it again.
    draft: true,
    title: 'New image',
    submitLabel: 'Upload image',
    disabledReason: reason(),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <OsAndVersion
        form={form}
        hints={{ os: { placeholder: 'ubuntu' }, version: { placeholder: '24.04' } }}
      />
      <BlockSizeSelect
        form={form}
        description="The image's block size: the file's size must be a multiple of it."
      />
      <ImageFileField
        file={form.values.file}
        what="image"
        field={form.field('file')}
        onPick={(f) => form.set('file', f)}
      />
    </SideModalForm>
  )
}

/** Why Cancel is not offered now; undefined when it is. */
export function cancelRefusal(phase: ReturnType<typeof useUploadView>['phase']): string | undefined {
  if (phase === 'imaging' || phase === 'cleaningUp') return 'The image is being created'
  if (phase === 'done' || phase === 'cancelled' || phase === 'dismissed') return 'The upload has ended'
  return undefined
}

type PanelProps = { upload: Upload; project: string; onDismiss: () => void }

function ImageUploadPanel({ upload, project, onDismiss }: PanelProps) {
  const view = useUploadView(upload.actor)
  const reason = useKindReason(kinds.image, 'uploading an image')
  const ended = view.phase === 'done' || view.phase === 'cancelled' || view.phase === 'dismissed'

  // Ended: the toast comes from the upload itself; the form closes and frees the slot.
  useEffect(() => {
    if (!ended) return
    clearUpload(project, 'image')
    onDismiss()
  }, [ended, project, onDismiss])

  const footer = (
    <div className={dialogFooterClass}>
      <Button variant="secondary" onClick={onDismiss}>
        Close
      </Button>
      {view.phase === 'failed' && (
        <Button variant="secondary" onClick={() => dismissUpload(upload)}>
          {UPLOAD_T.dismiss}
        </Button>
      )}
      <RetryUploadButton upload={upload} view={view} reason={reason()} />
      <CancelUploadButton upload={upload} view={view} refusal={cancelRefusal(view.phase)} />
    </div>
  )
  return (
    <UploadPanelFrame
      title="New image"
      upload={upload}
      view={view}
      shownName={upload.target.image?.name ?? upload.target.name}
      footer={footer}
      onDismiss={onDismiss}
    >
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        Closing this panel does not stop the upload. A reload ends it; the temporary disk then stays in the
        project's disks, where it can be deleted.
      </p>
    </UploadPanelFrame>
  )
}
