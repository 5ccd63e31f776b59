// The silo's images (`/images`): images every project of the silo can use, promoted from a project.
// Row actions: View (`/images/{image}/edit`, the same read-only view as a project's), Demote to a
// project (a side modal choosing the project), Delete. Silo collaborators change them.
import { lazy, Suspense, useState } from 'react'
import type { Image } from '../../api/types'
import { ResourceList } from '../../components/ResourceList'
import { deleteImage, imageActions, imageColumns } from '../../forms/image-list'
import { useKindReason } from '../../hooks/use-action-reason'
import { useListGo } from '../../hooks/use-list-go'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { kinds } from '../../ui/kinds'

const ImageDemoteForm = lazy(() =>
  import('../../forms/image-demote').then((m) => ({ default: m.ImageDemoteForm })),
)

export default function SiloImagesPage() {
  const go = useListGo()
  // The route tree has no demote path: the side modal is this list's own state.
  const [demoting, setDemoting] = useState<Image | null>(null)
  // The mock and the API: silo images are written by silo collaborators (demote also needs the
  // target project's collaborator role, which a silo collaborator has).
  const reason = useKindReason(kinds.siloImage, 'managing silo images')
  return (
    <ResourceList
      list={lists.siloImages}
      columns={imageColumns}
      empty="Images promoted from a project appear here, for every project of the silo to use."
      // The header names the scope; the empty state says what is missing.
      emptyOf={kinds.image}
      reason={reason}
      actions={(i) =>
        imageActions({
          onView: () => go(paths.siloImageEdit({ image: i.name })),
          own: {
            label: 'Demote to project',
            ...(reason() ? { disabledReason: reason() } : {}),
            onSelect: () => setDemoting(i),
          },
        })
      }
      remove={{ run: deleteImage }}
    >
      {demoting && (
        <Suspense fallback={null}>
          <ImageDemoteForm key={demoting.id} image={demoting} onDismiss={() => setDemoting(null)} />
        </Suspense>
      )}
    </ResourceList>
  )
}
