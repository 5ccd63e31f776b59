// Demote a silo image to a project (over the silo's images): choose the project, among those the user
// can see. The image leaves the silo's list and joins the project's. A project that already has an
// image of that name refuses: "Image name already exists" on the project field, the choice kept.

import { mutate, useList } from '../../storage'
import type { Image } from '../api/types'
import { useKindReason } from '../hooks/use-action-reason'
import { ALL } from '../lists'
import { kinds } from '../ui/kinds'
import { ChooseForm } from './choose-form'

export const demoteImage = (image: Image, project: string) =>
  mutate(
    'imageDemote',
    { path: { image: image.id }, query: { project } },
    { removes: { id: image.id }, invalidates: [{ endpoint: 'imageList' }] },
  )

export function ImageDemoteForm({ image, onDismiss }: { image: Image; onDismiss: () => void }) {
  // The mock and the API: demoting needs a silo collaborator (and a collaborator of the project, which
  // a silo collaborator is).
  const reason = useKindReason(kinds.siloImage, 'demoting an image')
  const projects = useList('projectList', { query: ALL }).data?.items
  return (
    <ChooseForm
      id="image-demote"
      title="Demote image"
      subtitle={image.name}
      submitLabel="Demote image"
      label="Project"
      placeholder="Choose a project"
      requiredMessage="Choose a project"
      noneText="You can see no project to demote the image to."
      description="The image will be visible only in this project."
      options={projects?.map((p) => ({ value: p.name, label: p.name }))}
      submit={(project) => demoteImage(image, project)}
      done={(project) => `Image ${image.name} demoted to project ${project}`}
      disabledReason={reason()}
      onDismiss={onDismiss}
    />
  )
}
