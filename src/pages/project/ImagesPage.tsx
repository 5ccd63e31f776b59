// A project's images: name, OS, version, size, created. Row actions: View (`images/{image}/edit`, a
// read-only side modal), Promote to the silo (confirmed; the image leaves this list for the silo's),
// Delete. `images-new` uploads an image file (src/forms/image-create.tsx). Forms open in the outlet.
import { mutate } from '../../../storage'
import { unwrap } from '../../api/errors'
import type { Image } from '../../api/types'
import { confirmAction } from '../../components/confirm-queue'
import { ResourceList } from '../../components/ResourceList'
import { toast } from '../../components/toast-queue'
import { deleteImage, imageActions, imageColumns } from '../../forms/image-list'
import { useKindReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { useRouteParams } from '../../route-context'
import { kinds } from '../../ui/kinds'

/** The image leaves every cached project list; the silo's list is refetched with it. */
async function promoteImage(i: Image): Promise<void> {
  unwrap(
    await mutate(
      'imagePromote',
      { path: { image: i.id } },
      { removes: { id: i.id }, invalidates: [{ endpoint: 'imageList' }] },
    ),
  )
  toast.success(`Image ${i.name} promoted to the silo`)
}

export default function ImagesPage() {
  const { project } = useRouteParams('project')
  const go = useListGo()
  // The mock and the API: a project's images are written by its collaborators; promoting makes a silo
  // image, which needs a silo collaborator as well.
  const reason = useKindReason(kinds.image, 'managing images')
  const promoteReason = useKindReason(kinds.siloImage, 'promoting an image to the silo')
  return (
    <ResourceList
      list={lists.images}
      columns={imageColumns}
      reason={reason}
      create={{ label: 'Upload image', to: paths.imagesNew({ project }) }}
      empty={`Project ${project} has no images yet. Upload an image file, or make one from a snapshot.`}
      actions={(i) =>
        imageActions({
          onView: () => go(paths.imageEdit({ project, image: i.name })),
          own: {
            label: 'Promote to silo',
            ...(promoteReason() ? { disabledReason: promoteReason() } : {}),
            onSelect: () =>
              confirmAction({
                title: `Promote ${i.name}`,
                content: `Promote ${i.name} to the silo? Every project of the silo can then use it, and it leaves project ${project}.`,
                actionLabel: 'Promote',
                actionType: 'primary',
                errorTitle: `Could not promote ${i.name}`,
                run: () => promoteImage(i),
              }),
          },
        })
      }
      remove={{ run: deleteImage }}
    />
  )
}
