// An image, read-only (`images/{image}/edit` of a project or of the silo, over its list): the API
// cannot change an image, so the "edit" route shows what it is. A project image is looked up by name
// within its project, a silo image by name among the silo's.
import { css } from 'styled-system/css'
import { useResource } from '../../storage'
import type { Image } from '../api/types'
import { CopyButton } from '../components'
import { Fact, FactList, factMono } from '../components/FactList'
import { formatBytes } from '../util/bytes'
import { formatDateTime } from '../util/date'
import { ViewSideModal } from './when-loaded'

const copyClass = css({ ml: '2', display: 'inline-flex', verticalAlign: 'middle' })

/** The rows of the view, in order; the digest only when the image has one. */
export function imageFacts(image: Image): { term: string; value: string; copy?: boolean; mono?: boolean }[] {
  return [
    { term: 'Name', value: image.name },
    { term: 'Description', value: image.description || '—' },
    { term: 'OS', value: image.os },
    { term: 'Version', value: image.version },
    { term: 'Size', value: formatBytes(image.size) },
    { term: 'Block size', value: `${image.blockSize} bytes` },
    ...(image.digest
      ? [{ term: 'Digest', value: `${image.digest.type}:${image.digest.value}`, mono: true }]
      : []),
    { term: 'ID', value: image.id, copy: true, mono: true },
    { term: 'Created', value: formatDateTime(image.timeCreated) },
  ]
}

export function ImageView({
  image,
  project,
  onDismiss,
}: {
  image: string
  /** The image's project; absent for a silo image. */
  project?: string
  onDismiss: () => void
}) {
  const view = useResource(
    'imageView',
    project ? { path: { image }, query: { project } } : { path: { image } },
  )
  return (
    <ViewSideModal view={view} title="Image" subtitle={image} onDismiss={onDismiss}>
      {(data) => (
        <FactList>
          {imageFacts(data).map((f) => (
            <Fact key={f.term} term={f.term}>
              <span className={f.mono ? factMono : undefined}>{f.value}</span>
              {f.copy && (
                <span className={copyClass}>
                  <CopyButton value={f.value} label={`${f.term}`} />
                </span>
              )}
            </Fact>
          ))}
        </FactList>
      )}
    </ViewSideModal>
  )
}
