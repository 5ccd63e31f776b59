// Disks (with the bulk-write import flow), snapshots and images (spec sections 4 and 7).
// Import flow: import_ready -> importing_from_bulk_writes (bulk-write-start) -> import_ready
// (bulk-write-stop) -> finalizing -> detached (finalize, optionally snapshotting the disk).
import { type HttpHandler, HttpResponse } from 'msw'
import { type Db, type Disk, type Image, db as liveDb, type S } from '../db'
import { requireProject, requireSilo } from '../lib/auth'
import { badRequest, invalidRequest, isUuid, notFound } from '../lib/errors'
import { type Ctx, handle } from '../lib/handle'
import { testHook } from '../lib/hooks'
import { now, randomId } from '../lib/ids'
import { assertNameFree, lookupInProject, lookupProject } from '../lib/lookup'
import { paginate } from '../lib/paginate'
import { after } from '../lib/timers'

type AnyCtx = Ctx<import('../../src/api/__generated__/operations').OperationName>

const GiB = 1024 ** 3
/** Disk sizes: whole GiB, 1 to 1023 GiB (spec section 9 constant 1023). */
export const MAX_DISK_SIZE = 1023 * GiB
/** Largest bulk-write chunk the server accepts (512 KiB). */
export const MAX_BULK_WRITE = 512 * 1024
export const DISK_TRANSITION_MS = { create: 1000, finalize: 1500, snapshot: 1500 }

const currentDb = (): Db => liveDb

function diskLater(id: string, from: S['DiskState']['state'], next: S['DiskState'], ms: number): void {
  after(
    ms,
    () => {
      const d = currentDb().disks.find((x) => x.id === id)
      if (!d || d.state.state !== from) return
      d.state = next
      d.time_modified = now()
    },
    id,
  )
}

function snapshotLater(id: string, ms: number): void {
  after(
    ms,
    () => {
      const s = currentDb().snapshots.find((x) => x.id === id)
      if (s && s.state === 'creating') {
        s.state = 'ready'
        s.time_modified = now()
      }
    },
    id,
  )
}

/** Create a disk row (also used by instance create). Validates size, source and name. */
export function createDisk(ctx: AnyCtx, projectId: string, body: S['DiskCreate']): Disk {
  const { db } = ctx
  assertNameFree(
    'disk',
    db.disks.filter((d) => d.project_id === projectId),
    body.name,
  )
  if (body.size < GiB) throw invalidRequest('disk size must be at least 1 GiB')
  if (body.size % GiB !== 0) throw invalidRequest('disk size must be a multiple of 1 GiB')
  if (body.size > MAX_DISK_SIZE) throw invalidRequest('disk size must be at most 1023 GiB')
  const t = now()
  const base = {
    id: randomId(),
    name: body.name,
    description: body.description,
    project_id: projectId,
    size: body.size,
    device_path: `/mnt/${body.name}`,
    image_id: null as string | null,
    snapshot_id: null as string | null,
    read_only: false,
    time_created: t,
    time_modified: t,
  }
  const backend = body.disk_backend
  let disk: Disk
  if (backend.type === 'local') {
    disk = { ...base, disk_type: 'local', block_size: 4096, state: { state: 'creating' } }
  } else {
    const src = backend.disk_source
    if (src.type === 'blank') {
      disk = { ...base, disk_type: 'distributed', block_size: src.block_size, state: { state: 'creating' } }
    } else if (src.type === 'importing_blocks') {
      // Created ready to receive blocks.
      disk = {
        ...base,
        disk_type: 'distributed',
        block_size: src.block_size,
        state: { state: 'import_ready' },
      }
    } else if (src.type === 'snapshot') {
      const snap = db.snapshots.find((s) => s.id === src.snapshot_id)
      if (!snap || !canSee(ctx, snap.project_id)) throw notFound('snapshot', src.snapshot_id)
      if (snap.state !== 'ready') throw invalidRequest(`snapshot "${snap.name}" is not ready`)
      if (body.size < snap.size) throw invalidRequest('disk size must be at least the size of the snapshot')
      const from = db.disks.find((d) => d.id === snap.disk_id)
      disk = {
        ...base,
        disk_type: 'distributed',
        block_size: from?.block_size ?? 4096,
        snapshot_id: snap.id,
        read_only: src.read_only,
        state: { state: 'creating' },
      }
    } else {
      const image = db.images.find((i) => i.id === src.image_id)
      if (!image || !imageVisible(ctx, image)) throw notFound('image', src.image_id)
      if (body.size < image.size) throw invalidRequest('disk size must be at least the size of the image')
      disk = {
        ...base,
        disk_type: 'distributed',
        block_size: image.block_size,
        image_id: image.id,
        read_only: src.read_only,
        state: { state: 'creating' },
      }
    }
  }
  db.disks.push(disk)
  if (disk.state.state === 'creating')
    diskLater(disk.id, 'creating', { state: 'detached' }, DISK_TRANSITION_MS.create)
  return disk
}

const canSee = (ctx: AnyCtx, projectId: string) =>
  ctx.db.projectSilo.get(projectId) === ctx.user.silo_id &&
  ctx.db.projects.some((p) => p.id === projectId) &&
  (() => {
    try {
      requireProject(ctx.db, ctx.user, projectId, 'viewer')
      return true
    } catch {
      return false
    }
  })()

function imageVisible(ctx: AnyCtx, image: Image): boolean {
  return image.project_id
    ? canSee(ctx, image.project_id)
    : ctx.db.imageSilo.get(image.id) === ctx.user.silo_id
}

function lookupDisk(ctx: AnyCtx, value: string): Disk {
  return lookupInProject(ctx, 'disk', ctx.db.disks, value)
}

function writableDisk(ctx: AnyCtx, value: string): Disk {
  const d = lookupDisk(ctx, value)
  requireProject(ctx.db, ctx.user, d.project_id, 'collaborator')
  return d
}

/** Silo images (project_id null) of the caller's silo. */
function siloImages(ctx: AnyCtx): Image[] {
  return ctx.db.images.filter((i) => !i.project_id && ctx.db.imageSilo.get(i.id) === ctx.user.silo_id)
}

/** An image by id (any visible), or by name among the project's images (with `project`) or the silo's. */
function lookupImage(ctx: AnyCtx, value: string, project = ctx.query.get('project')): Image {
  let image: Image | undefined
  if (isUuid(value)) {
    if (project) throw invalidRequest('when providing image as an ID project should not be specified')
    image = ctx.db.images.find((i) => i.id === value && imageVisible(ctx, i))
  } else if (project) {
    const p = lookupProject(ctx, project)
    image = ctx.db.images.find((i) => i.project_id === p.id && i.name === value)
  } else {
    image = siloImages(ctx).find((i) => i.name === value)
  }
  if (!image) throw notFound('image', value)
  return image
}

function requireImageWrite(ctx: AnyCtx, image: Image): void {
  if (image.project_id) requireProject(ctx.db, ctx.user, image.project_id, 'collaborator')
  else requireSilo(ctx.db, ctx.user, 'collaborator')
}

function decodeBase64(s: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0)
    throw badRequest('unable to parse JSON body: invalid base64 data')
  const bin = atob(s)
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}

/** The bytes written to a disk by bulk import, in offset order (gaps are zeros). */
export function writtenBytes(db: Db, diskId: string): Uint8Array<ArrayBuffer> {
  const chunks = db.diskWrites.get(diskId)
  if (!chunks) return new Uint8Array(new ArrayBuffer(0))
  let end = 0
  for (const [off, c] of chunks) end = Math.max(end, off + c.length)
  const out = new Uint8Array(end)
  for (const [off, c] of [...chunks].sort((a, b) => a[0] - b[0])) out.set(c, off)
  return out
}

export const storageHandlers: HttpHandler[] = [
  handle('diskList', (ctx) => {
    const project = lookupProject(ctx, ctx.query.get('project'))
    return paginate(
      ctx,
      ctx.db.disks.filter((d) => d.project_id === project.id),
    )
  }),

  handle('diskCreate', (ctx) => {
    const project = lookupProject(ctx, ctx.query.get('project'))
    requireProject(ctx.db, ctx.user, project.id, 'collaborator')
    return createDisk(ctx, project.id, ctx.body)
  }),

  handle('diskView', (ctx) => lookupDisk(ctx, ctx.path.disk)),

  // Delete needs detached or faulted (spec 4); a disk never used (import_ready) may go too.
  handle('diskDelete', (ctx) => {
    const d = writableDisk(ctx, ctx.path.disk)
    if (!['detached', 'faulted', 'import_ready'].includes(d.state.state)) {
      throw invalidRequest(`disk cannot be deleted in state "${d.state.state}"`)
    }
    ctx.db.disks = ctx.db.disks.filter((x) => x !== d)
    ctx.db.diskWrites.delete(d.id)
    return undefined
  }),

  handle('diskBulkWriteImportStart', (ctx) => {
    const d = writableDisk(ctx, ctx.path.disk)
    if (d.state.state !== 'import_ready') {
      throw invalidRequest(
        `cannot start bulk writes: disk is in state "${d.state.state}", expected "import_ready"`,
      )
    }
    d.state = { state: 'importing_from_bulk_writes' }
    d.time_modified = now()
    return undefined
  }),

  // Offsets and lengths are block-aligned, chunks at most 512 KiB, and all within the disk.
  handle('diskBulkWriteImport', (ctx) => {
    const d = writableDisk(ctx, ctx.path.disk)
    if (d.state.state !== 'importing_from_bulk_writes') {
      throw invalidRequest(
        `cannot bulk write: disk is in state "${d.state.state}", expected "importing_from_bulk_writes"`,
      )
    }
    const { offset, base64_encoded_data } = ctx.body
    const bytes = decodeBase64(base64_encoded_data)
    if (offset % d.block_size !== 0)
      throw invalidRequest(`offset ${offset} is not a multiple of block size ${d.block_size}`)
    if (bytes.length % d.block_size !== 0)
      throw invalidRequest(`data length ${bytes.length} is not a multiple of block size ${d.block_size}`)
    if (bytes.length > MAX_BULK_WRITE)
      throw invalidRequest(`data length ${bytes.length} exceeds the maximum of ${MAX_BULK_WRITE} bytes`)
    if (offset + bytes.length > d.size) throw invalidRequest('write would go past the end of the disk')
    let chunks = ctx.db.diskWrites.get(d.id)
    if (!chunks) {
      chunks = new Map()
      ctx.db.diskWrites.set(d.id, chunks)
    }
    chunks.set(offset, bytes)
    return undefined
  }),

  handle('diskBulkWriteImportStop', (ctx) => {
    const d = writableDisk(ctx, ctx.path.disk)
    if (d.state.state !== 'importing_from_bulk_writes') {
      throw invalidRequest(
        `cannot stop bulk writes: disk is in state "${d.state.state}", expected "importing_from_bulk_writes"`,
      )
    }
    d.state = { state: 'import_ready' }
    d.time_modified = now()
    return undefined
  }),

  handle('diskFinalizeImport', (ctx) => {
    const { db } = ctx
    const d = writableDisk(ctx, ctx.path.disk)
    if (d.state.state !== 'import_ready') {
      throw invalidRequest(`cannot finalize: disk is in state "${d.state.state}", expected "import_ready"`)
    }
    const snapshotName = ctx.body.snapshot_name
    if (snapshotName) {
      assertNameFree(
        'snapshot',
        db.snapshots.filter((s) => s.project_id === d.project_id),
        snapshotName,
      )
    }
    d.state = { state: 'finalizing' }
    d.time_modified = now()
    if (snapshotName) {
      const snap = newSnapshot(d, snapshotName, `snapshot of imported disk ${d.name}`)
      db.snapshots.push(snap)
      snapshotLater(snap.id, DISK_TRANSITION_MS.snapshot)
    }
    diskLater(d.id, 'finalizing', { state: 'detached' }, DISK_TRANSITION_MS.finalize)
    return undefined
  }),

  handle('snapshotList', (ctx) => {
    const project = lookupProject(ctx, ctx.query.get('project'))
    return paginate(
      ctx,
      ctx.db.snapshots.filter((s) => s.project_id === project.id),
    )
  }),

  // Snapshot needs the disk attached or detached (spec 4).
  handle('snapshotCreate', (ctx) => {
    const { db } = ctx
    const project = lookupProject(ctx, ctx.query.get('project'))
    requireProject(db, ctx.user, project.id, 'collaborator')
    assertNameFree(
      'snapshot',
      db.snapshots.filter((s) => s.project_id === project.id),
      ctx.body.name,
    )
    const d = lookupInProject(ctx, 'disk', db.disks, ctx.body.disk, isUuid(ctx.body.disk) ? null : project.id)
    if (d.state.state !== 'attached' && d.state.state !== 'detached') {
      throw invalidRequest(`cannot snapshot disk "${d.name}" in state "${d.state.state}"`)
    }
    const snap = newSnapshot(d, ctx.body.name, ctx.body.description)
    db.snapshots.push(snap)
    snapshotLater(snap.id, DISK_TRANSITION_MS.snapshot)
    return snap
  }),

  handle('snapshotView', (ctx) => lookupInProject(ctx, 'snapshot', ctx.db.snapshots, ctx.path.snapshot)),

  handle('snapshotDelete', (ctx) => {
    const s = lookupInProject(ctx, 'snapshot', ctx.db.snapshots, ctx.path.snapshot)
    requireProject(ctx.db, ctx.user, s.project_id, 'collaborator')
    if (s.state === 'creating')
      throw invalidRequest(`snapshot "${s.name}" cannot be deleted while it is being created`)
    ctx.db.snapshots = ctx.db.snapshots.filter((x) => x !== s)
    return undefined
  }),

  handle('imageList', (ctx) => {
    const project = ctx.query.get('project')
    if (project) {
      const p = lookupProject(ctx, project)
      return paginate(
        ctx,
        ctx.db.images.filter((i) => i.project_id === p.id),
      )
    }
    return paginate(ctx, siloImages(ctx))
  }),

  // With `project` the image belongs to the project, else to the silo (needs silo collaborator).
  handle('imageCreate', (ctx) => {
    const { db, body } = ctx
    const projectParam = ctx.query.get('project')
    const project = projectParam ? lookupProject(ctx, projectParam) : undefined
    if (project) requireProject(db, ctx.user, project.id, 'collaborator')
    else requireSilo(db, ctx.user, 'collaborator')
    const siblings = project ? db.images.filter((i) => i.project_id === project.id) : siloImages(ctx)
    assertNameFree('image', siblings, body.name)
    const snap = db.snapshots.find((s) => s.id === body.source.id)
    if (!snap || !canSee(ctx, snap.project_id)) throw notFound('snapshot', body.source.id)
    if (snap.state !== 'ready') throw invalidRequest(`snapshot "${snap.name}" is not ready`)
    const disk = db.disks.find((d) => d.id === snap.disk_id)
    const t = now()
    const image: Image = {
      id: randomId(),
      name: body.name,
      description: body.description,
      os: body.os,
      version: body.version,
      project_id: project?.id ?? null,
      block_size: disk?.block_size ?? 512,
      size: snap.size,
      digest: null,
      time_created: t,
      time_modified: t,
    }
    db.images.push(image)
    if (!project) db.imageSilo.set(image.id, ctx.user.silo_id)
    return image
  }),

  handle('imageView', (ctx) => lookupImage(ctx, ctx.path.image)),

  handle('imageDelete', (ctx) => {
    const image = lookupImage(ctx, ctx.path.image)
    requireImageWrite(ctx, image)
    ctx.db.images = ctx.db.images.filter((i) => i !== image)
    ctx.db.imageSilo.delete(image.id)
    return undefined
  }),

  // Promote: a project image becomes visible to the whole silo.
  handle('imagePromote', (ctx) => {
    const image = lookupImage(ctx, ctx.path.image)
    if (!image.project_id) throw invalidRequest(`image "${image.name}" is already a silo image`)
    requireProject(ctx.db, ctx.user, image.project_id, 'collaborator')
    requireSilo(ctx.db, ctx.user, 'collaborator')
    assertNameFree('image', siloImages(ctx), image.name)
    const projectId = image.project_id
    image.project_id = null
    image.time_modified = now()
    ctx.db.imageSilo.set(image.id, ctx.db.projectSilo.get(projectId) ?? ctx.user.silo_id)
    return image
  }),

  // Demote: a silo image becomes visible only in the given project (`project` is required).
  handle('imageDemote', (ctx) => {
    const projectParam = ctx.query.get('project')
    const project = lookupProject(ctx, projectParam)
    const image = isUuid(ctx.path.image)
      ? ctx.db.images.find((i) => i.id === ctx.path.image && imageVisible(ctx, i))
      : siloImages(ctx).find((i) => i.name === ctx.path.image)
    if (!image) throw notFound('image', ctx.path.image)
    if (image.project_id) throw invalidRequest(`image "${image.name}" is not a silo image`)
    requireSilo(ctx.db, ctx.user, 'collaborator')
    requireProject(ctx.db, ctx.user, project.id, 'collaborator')
    assertNameFree(
      'image',
      ctx.db.images.filter((i) => i.project_id === project.id),
      image.name,
    )
    image.project_id = project.id
    image.time_modified = now()
    ctx.db.imageSilo.delete(image.id)
    return image
  }),
]

function newSnapshot(d: Disk, name: string, description: string): S['Snapshot'] {
  const t = now()
  return {
    id: randomId(),
    name,
    description,
    project_id: d.project_id,
    disk_id: d.id,
    size: d.size,
    state: 'creating',
    time_created: t,
    time_modified: t,
  }
}

/**
 * Test hook (not part of the API): SHA-256 and size of the bytes bulk-written to a disk, so an
 * upload test can compare them with the file it sent. Only served by the mock, never when proxying,
 * and only in test runs or to a fleet admin (lib/hooks.ts).
 */
export const diskHashHandler = testHook('get', '/__mock/disks/:id/sha256', async ({ params }) => {
  const id = String(params.id)
  if (!currentDb().disks.some((d) => d.id === id)) {
    return HttpResponse.json({ message: `not found: disk with id "${id}"` }, { status: 404 })
  }
  const bytes = writtenBytes(currentDb(), id)
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes))
  const sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
  return HttpResponse.json({ sha256, size: bytes.length })
})
