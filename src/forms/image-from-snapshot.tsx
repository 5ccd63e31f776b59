// New image from a snapshot (`/projects/{project}/snapshots/{snapshot}/images-new`, over the snapshots
// list): name, description, OS and version; imageCreate with the snapshot as its source makes a
// project image (it then shows in the project's images list). Only a ready snapshot can be the source,
// which the submit button says for any other. A taken name comes back on the name field ("Image name
// already exists", spec section 8) with every value kept.
import { mutate } from '../../storage'
import type { Snapshot } from '../api/types'
import { SideModalForm } from '../components'
import { useKindReason } from '../hooks/use-action-reason'
import { kinds } from '../ui/kinds'
import { imageFromSnapshotRefusal } from '../ui/snapshot-badge'
import { NameAndDescription, OS_AND_VERSION, OsAndVersion } from './fields'
import { useSideForm } from './side-form'
import { NAME } from './validation'
import { WhenLoaded } from './when-loaded'

type Props = { project: string; snapshot: string; onDismiss: () => void }

type Values = { name: string; description: string; os: string; version: string }

/** A project image whose contents are the snapshot's (the API names its source by id). */
const createImage = (project: string, snapshot: Snapshot, values: Values) =>
  mutate(
    'imageCreate',
    { query: { project }, body: { ...values, source: { type: 'snapshot', id: snapshot.id } } },
    { invalidates: [{ endpoint: 'imageList' }] },
  )

const HINTS = {
  os: { description: 'The operating system family, e.g. Debian or Ubuntu.' },
  version: { description: 'The operating system version, e.g. 12 or 24.04.' },
}

const TITLE = 'New image'
const subtitleOf = (snapshot: string) => `From snapshot ${snapshot}`

export function ImageFromSnapshotForm({ project, snapshot, onDismiss }: Props) {
  // The form needs the snapshot's id (the image source names it by id): it mounts once that is known.
  return (
    <WhenLoaded
      endpoint="snapshotView"
      params={{ path: { snapshot }, query: { project } }}
      title={TITLE}
      subtitle={subtitleOf(snapshot)}
      onDismiss={onDismiss}
    >
      {(s) => <ImageFields project={project} snapshot={s} onDismiss={onDismiss} />}
    </WhenLoaded>
  )
}

function ImageFields({
  project,
  snapshot,
  onDismiss,
}: {
  project: string
  snapshot: Snapshot
  onDismiss: () => void
}) {
  // The mock (like the platform) lets project collaborators or stronger create project images.
  const reason = useKindReason(kinds.image, 'creating an image')
  const { form, modal } = useSideForm({
    id: 'image-from-snapshot',
    initial: { name: '', description: '', os: '', version: '' } as Values,
    rules: { name: NAME, ...OS_AND_VERSION },
    submit: (values) => createImage(project, snapshot, values),
    done: (image) => `Image ${image?.name} created from snapshot ${snapshot.name}`,
    title: TITLE,
    subtitle: subtitleOf(snapshot.name),
    submitLabel: 'Create image',
    disabledReason: reason(imageFromSnapshotRefusal(snapshot)),
    onDismiss,
    draft: true,
  })
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      <OsAndVersion form={form} hints={HINTS} />
    </SideModalForm>
  )
}
