// The new instance's values and rules, without the page (issue 12): the presets and the spec's limits,
// the single-field rules (vCPUs, memory, disk size, hostname) and the cross-field ones, and
// toInstanceCreate, the one pure function that builds the body the API is sent, so its shape is tested
// against the contract without rendering. The storage tab's disk form and Resize take their rules from
// here without loading the create page.
import * as v from 'valibot'
import { vHostname } from '../api/__generated__/schemas'
import type { ApiParams, Schema } from '../api/types'
import { bytesToBase64 } from '../util/base64'
import { GiB, gibToHold, KiB } from '../util/bytes'
import { generateName } from '../util/names'
import { DISK_SIZE } from './disk-blank'
import { VERSION_LABELS } from './ip-pool'
import { check, explainName, type FieldRule, gibRule, NAME } from './validation'

export type InstanceCreateBody = ApiParams<'instanceCreate'>['body']
type IpVersion = Schema<'IpVersion'>

/** Spec 9's constants 64 and 1536: the most vCPUs and GiB of memory an instance may have. */
export const MAX_VCPUS = 64
export const MAX_MEMORY_GIB = 1536
/** The platform attaches at most 12 disks to an instance, the boot disk included. */
export const MAX_DISKS = 12
/**
 * nexus.json, InstanceCreate.user_data: "Maximum 32 KiB unencoded data". The limit is on the bytes
 * before base64, so it is checked on the text's UTF-8 bytes or the file's size.
 */
export const USER_DATA_MAX_BYTES = 32 * KiB
export const DEFAULT_BOOT_GIB = 10
/** A new additional disk starts at this size. */
export const DEFAULT_DATA_GIB = 10

/** The families of sizes, by memory per vCPU (as the reference console groups them). */
export const PRESET_FAMILIES = [
  { label: 'General purpose', gibPerCpu: 4 },
  { label: 'High CPU', gibPerCpu: 2 },
  { label: 'High memory', gibPerCpu: 8 },
] as const

export type Preset = { id: string; ncpus: number; memoryGib: number; family: string }
function preset(ncpus: number, memoryGib: number): Preset {
  const family = PRESET_FAMILIES.find((f) => f.gibPerCpu * ncpus === memoryGib)
  if (!family) throw new Error(`no family has ${memoryGib / ncpus} GiB per vCPU`)
  return { id: `${ncpus}-${memoryGib}`, ncpus, memoryGib, family: family.label }
}
export const PRESETS: readonly Preset[] = [
  ...[2, 4, 8, 16, 32, 64].map((n) => preset(n, 4 * n)),
  ...[1, 2, 4, 8].map((n) => preset(n, 2 * n)),
  ...[2, 4, 8, 16].map((n) => preset(n, 8 * n)),
]
/** The hardware choice that is no preset: vCPUs and memory typed in. */
export const CUSTOM = 'custom'

export type BootSource = 'siloImage' | 'projectImage' | 'disk'
export type NetworkChoice = 'default' | 'none' | 'custom'
export type ExtraDisk = { kind: 'create'; name: string; sizeGib: string } | { kind: 'attach'; name: string }

export type InstanceCreateValues = {
  name: string
  description: string
  hostname: string
  /** A preset's id or 'custom'; choosing a preset copies its numbers into ncpus and memoryGib. */
  hardware: string
  ncpus: string
  memoryGib: string
  bootSource: BootSource
  /** The id of the chosen image (silo or project). */
  bootImage: string
  /** The name of the existing disk to boot from. */
  bootDisk: string
  /** Blank: a generated name (spec 5). */
  bootDiskName: string
  bootSizeGib: string
  /** The boot disk made from the image is read-only (an existing disk's read-only-ness is its own). */
  bootReadOnly: boolean
  disks: ExtraDisk[]
  /** The keys left unchecked, so keys that load after the form opens are checked by default. */
  sshKeysOff: string[]
  network: NetworkChoice
  vpc: string
  subnet: string
  /**
   * An ephemeral IP of each version (nexus.json: an instance may hold an IPv4 and an IPv6 one), each
   * from its pool. Blank pool: the silo's default pool of that version.
   */
  ephemeralV4: boolean
  ephemeralV4Pool: string
  ephemeralV6: boolean
  ephemeralV6Pool: string
  floatingIps: string[]
  userDataSource: 'text' | 'file'
  userDataText: string
  userDataFile: File | null
  start: boolean
}

const DEFAULT_PRESET = PRESETS.find((p) => p.id === '2-4') as Preset

export const INITIAL_VALUES: InstanceCreateValues = {
  name: '',
  description: '',
  hostname: '',
  hardware: DEFAULT_PRESET.id,
  ncpus: String(DEFAULT_PRESET.ncpus),
  memoryGib: String(DEFAULT_PRESET.memoryGib),
  bootSource: 'siloImage',
  bootImage: '',
  bootDisk: '',
  bootDiskName: '',
  bootSizeGib: String(DEFAULT_BOOT_GIB),
  bootReadOnly: false,
  disks: [],
  sshKeysOff: [],
  network: 'default',
  vpc: '',
  subnet: '',
  ephemeralV4: true,
  ephemeralV4Pool: '',
  ephemeralV6: false,
  ephemeralV6Pool: '',
  floatingIps: [],
  userDataSource: 'text',
  userDataText: '',
  userDataFile: null,
  start: true,
}

// ---- Pure parts ----------------------------------------------------------------------------------

/** "32,768 bytes" */
export const byteCount = (n: number) => `${n.toLocaleString('en-US')} bytes`

export const utf8Length = (text: string): number => new TextEncoder().encode(text).length

/** Why user data of `bytes` (unencoded) cannot be sent; undefined when it can. */
export function userDataProblem(bytes: number): string | undefined {
  // In bytes: near the limit, KiB rounding would say "32 KiB" of data that is over it.
  return bytes > USER_DATA_MAX_BYTES
    ? `User data must be at most 32 KiB (${byteCount(USER_DATA_MAX_BYTES)}) before encoding; this is ${byteCount(bytes)}`
    : undefined
}

const intRule = (min: number, max: number, label: string): FieldRule => ({
  schema: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  ) as unknown as v.GenericSchema<string, unknown>,
  // A negative number is a whole number too: it is told its bound, as the size fields do.
  explain: (value, issue) =>
    value.trim() === ''
      ? `${label} is required`
      : issue.type === 'min_value' || /^-\d+$/.test(value.trim())
        ? `${label} must be at least ${min}`
        : issue.type === 'max_value'
          ? `${label} must be at most ${max}`
          : `${label} must be a whole number`,
})

export const VCPUS = intRule(1, MAX_VCPUS, 'vCPUs')
export const MEMORY = gibRule(MAX_MEMORY_GIB, 'Memory')

/** The contract's `Hostname` (RFC 1035 labels separated by dots, at most 253 characters). */
export const HOSTNAME: FieldRule = {
  schema: vHostname,
  explain: (value) =>
    value === ''
      ? 'Hostname is required'
      : value.length > 253
        ? 'Hostname must be at most 253 characters'
        : 'Hostname may contain only letters, digits, hyphens and dots; no label may start or end with a hyphen',
}

/** The single-field rules of the create form: each field checked on its own as it is typed. */
export const INSTANCE_CREATE_RULES: {
  [K in keyof InstanceCreateValues]?: FieldRule<InstanceCreateValues[K]>
} = {
  name: NAME,
  hostname: HOSTNAME,
  ncpus: VCPUS,
  memoryGib: MEMORY,
}

type Problems = Partial<Record<keyof InstanceCreateValues, string>>

/** A pool as the ephemeral IP choices need it. */
export type EphemeralPool = { name: string; isDefault: boolean; ipVersion: IpVersion; poolType: string }

/**
 * What the form knows besides its values: the chosen image's size, and the silo's pools (not loaded:
 * the ephemeral IP choices are left to the API).
 */
export type CheckContext = {
  imageSize?: number | undefined
  pools?: readonly EphemeralPool[] | undefined
}

/** Why an ephemeral IP of `version` from `pool` (blank: the silo default) cannot be had from `pools`. */
export function ephemeralPoolProblem(
  version: IpVersion,
  pool: string,
  pools: readonly EphemeralPool[],
): string | undefined {
  const unicast = pools.filter((p) => p.poolType !== 'multicast' && p.ipVersion === version)
  const name = VERSION_LABELS[version]
  if (pool) return unicast.some((p) => p.name === pool) ? undefined : `Choose an ${name} pool`
  return unicast.some((p) => p.isDefault)
    ? undefined
    : `This silo has no default ${name} pool: choose an ${name} pool`
}

/** The cross-field rules of the form (the single-field ones are INSTANCE_CREATE_RULES). */
export function instanceCreateProblems(values: InstanceCreateValues, ctx: CheckContext = {}): Problems {
  const out: Problems = {}
  if (values.bootSource === 'disk') {
    if (!values.bootDisk) out.bootDisk = 'Choose a disk to boot from'
  } else {
    if (!values.bootImage) out.bootImage = 'Choose an image'
    if (values.bootDiskName !== '' && check(NAME, values.bootDiskName))
      out.bootDiskName = explainName(values.bootDiskName, 'Disk name')
    const size = check(DISK_SIZE, values.bootSizeGib)
    if (size) out.bootSizeGib = size
    else if (ctx.imageSize !== undefined && Number(values.bootSizeGib) < gibToHold(ctx.imageSize))
      out.bootSizeGib = `Size must be at least ${gibToHold(ctx.imageSize)} GiB to hold the image`
  }
  const disksProblem = extraDisksProblem(values)
  if (disksProblem) out.disks = disksProblem
  if (values.network === 'custom') {
    if (!values.vpc) out.vpc = 'Choose a VPC'
    else if (!values.subnet) out.subnet = 'Choose a subnet'
  }
  if (ctx.pools) {
    const v4 = values.ephemeralV4 && ephemeralPoolProblem('v4', values.ephemeralV4Pool, ctx.pools)
    if (v4) out.ephemeralV4Pool = v4
    const v6 = values.ephemeralV6 && ephemeralPoolProblem('v6', values.ephemeralV6Pool, ctx.pools)
    if (v6) out.ephemeralV6Pool = v6
  }
  const bytes =
    values.userDataSource === 'file' ? (values.userDataFile?.size ?? 0) : utf8Length(values.userDataText)
  const userData = userDataProblem(bytes)
  if (userData) out[values.userDataSource === 'file' ? 'userDataFile' : 'userDataText'] = userData
  return out
}

function extraDisksProblem(values: InstanceCreateValues): string | undefined {
  const total = values.disks.length + 1
  if (total > MAX_DISKS) return `An instance can have at most ${MAX_DISKS} disks, the boot disk included`
  const seen = new Set<string>()
  if (values.bootSource === 'disk' && values.bootDisk) seen.add(values.bootDisk)
  if (values.bootSource !== 'disk' && values.bootDiskName) seen.add(values.bootDiskName)
  for (const [n, d] of values.disks.entries()) {
    const which = `Disk ${n + 1}`
    if (d.kind === 'attach') {
      if (!d.name) return `${which}: choose a disk to attach`
    } else {
      if (check(NAME, d.name)) return `${which}: ${explainName(d.name, 'name')}`
      const size = check(DISK_SIZE, d.sizeGib)
      if (size) return `${which}: ${size}`
    }
    if (seen.has(d.name)) return `${which}: ${d.name} is used twice`
    seen.add(d.name)
  }
  return undefined
}

/** What the body needs besides the values. */
export type BuildContext = {
  /** The user's SSH key names; undefined (not loaded) sends no list, which the API reads as "all". */
  sshKeys?: readonly string[] | undefined
  /** The boot image's name, for the boot disk's generated name. */
  imageName?: string | undefined
  /** The picked user-data file's bytes (read when the form is sent). */
  userDataFile?: Uint8Array | undefined
  /** The 6-character suffix of generated names (spec 5); random by default. */
  suffix?: (() => string) | undefined
}

type EphemeralIp = Extract<InstanceCreateBody['externalIps'][number], { type: 'ephemeral' }>

/**
 * An ephemeral IP of one version: from the chosen pool (the form offers only pools of that version),
 * or the silo's default pool of that version, named so a silo with a default of each picks this one
 * (nexus.json, PoolSelector `auto`).
 */
export const ephemeralIp = (version: IpVersion, pool: string): EphemeralIp => ({
  type: 'ephemeral',
  poolSelector: pool ? { type: 'explicit', pool } : { type: 'auto', ipVersion: version },
})

const DUAL_STACK_AUTO = {
  type: 'dual_stack' as const,
  value: {
    v4: { ip: { type: 'auto' as const }, transitIps: [] },
    v6: { ip: { type: 'auto' as const }, transitIps: [] },
  },
}

/** The InstanceCreate body (console-side casing) for valid values. */
export function toInstanceCreate(values: InstanceCreateValues, ctx: BuildContext = {}): InstanceCreateBody {
  const named = (parts: string[]) => generateName(parts, ...(ctx.suffix ? [ctx.suffix()] : []))
  const bootDisk: InstanceCreateBody['bootDisk'] =
    values.bootSource === 'disk'
      ? { type: 'attach', name: values.bootDisk }
      : {
          type: 'create',
          name: values.bootDiskName || named([values.name, ctx.imageName ?? 'boot']),
          description: `Boot disk of ${values.name}`,
          size: Number(values.bootSizeGib) * GiB,
          diskBackend: {
            type: 'distributed',
            diskSource: { type: 'image', imageId: values.bootImage, readOnly: values.bootReadOnly },
          },
        }
  const disks: InstanceCreateBody['disks'] = values.disks.map((d) =>
    d.kind === 'attach'
      ? { type: 'attach', name: d.name }
      : {
          type: 'create',
          name: d.name,
          description: '',
          size: Number(d.sizeGib) * GiB,
          diskBackend: { type: 'distributed', diskSource: { type: 'blank', blockSize: 4096 } },
        },
  )
  const networkInterfaces: InstanceCreateBody['networkInterfaces'] =
    values.network === 'none'
      ? { type: 'none' }
      : values.network === 'custom'
        ? {
            type: 'create',
            params: [
              {
                name: 'net0',
                description: '',
                vpcName: values.vpc,
                subnetName: values.subnet,
                ipConfig: DUAL_STACK_AUTO,
              },
            ],
          }
        : // The contract's default: one primary interface in the project's default VPC and subnet.
          { type: 'default_dual_stack' }
  const externalIps: InstanceCreateBody['externalIps'] = [
    ...(values.ephemeralV4 ? [ephemeralIp('v4', values.ephemeralV4Pool)] : []),
    ...(values.ephemeralV6 ? [ephemeralIp('v6', values.ephemeralV6Pool)] : []),
    ...values.floatingIps.map((f) => ({ type: 'floating' as const, floatingIp: f })),
  ]
  const off = new Set(values.sshKeysOff)
  const sshPublicKeys = ctx.sshKeys ? ctx.sshKeys.filter((k) => !off.has(k)) : null
  const userBytes =
    values.userDataSource === 'file'
      ? ctx.userDataFile
      : values.userDataText
        ? new TextEncoder().encode(values.userDataText)
        : undefined
  return {
    name: values.name,
    description: values.description,
    hostname: values.hostname,
    ncpus: Number(values.ncpus),
    memory: Number(values.memoryGib) * GiB,
    bootDisk,
    disks,
    networkInterfaces,
    externalIps,
    sshPublicKeys,
    userData: userBytes && userBytes.length > 0 ? bytesToBase64(userBytes) : '',
    start: values.start,
    antiAffinityGroups: [],
    autoRestartPolicy: null,
    cpuPlatform: null,
    enableJumboFrames: false,
    multicastGroups: [],
  }
}

/** The name a conflict message quotes (`already exists: disk "web-boot"` -> `web-boot`). */
export function nameOfConflict(serverMessage: string): string | undefined {
  return /already exists:?\s+[\w-]+\s+"([^"]*)"/i.exec(serverMessage)?.[1]
}

/**
 * Where a create's "already exists" answer belongs: the platform names the kind and the name
 * (`already exists: disk "web-boot"`), so a disk's clash goes on the disk that has that name.
 */
export function fieldOfConflict(
  serverMessage: string,
  values: InstanceCreateValues,
): keyof InstanceCreateValues {
  const [, kind, name] = /already exists:?\s+([\w-]+)\s+"([^"]*)"/i.exec(serverMessage) ?? []
  if (kind?.toLowerCase() !== 'disk') return 'name'
  if (values.disks.some((d) => d.name === name) || values.bootSource === 'disk') return 'disks'
  // A generated boot disk name can clash too (the field is blank then): that is the field to change.
  return 'bootDiskName'
}
