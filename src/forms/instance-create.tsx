// New instance (`/projects/{project}/instances-new`, a full page, issue 12): name, description and
// hostname; vCPU and memory presets or custom; a boot disk from a silo image, a project image or an
// existing detached disk (one made from an image may be read-only); additional disks (new or existing); the user's SSH keys; the network
// interface; an ephemeral IPv4 and/or IPv6 address, each from a pool of its version, and floating IPs; cloud-init user data; start on
// create. The values, their rules and the body the API is sent (toInstanceCreate) are in
// instance-values.ts; this is the page. A failed create keeps every value and puts the catalogue's
// message (spec 8) on the field it is about.
import { Fragment, type ReactNode, useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { mutate, useList } from '../../storage'
import { toUserError } from '../api/errors'
import type { ListItem } from '../api/types'
import { Button } from '../components/Button'
import {
  FieldRow,
  NameField,
  RadioGroup,
  Select,
  TextArea,
  TextField,
  WholeNumberField,
} from '../components/FormField'
import { InstancesIcon } from '../components/icons'
import { PageHeader } from '../components/PageHeader'
import { FormErrorSummary } from '../components/SideModal'
import { toast } from '../components/toast-queue'
import { useKindReason } from '../hooks/use-action-reason'
import { FormError, useForm } from '../hooks/use-form'
import { PICK } from '../lists'
import {
  NO_FREE_FLOATING_IPS,
  poolOption,
  unattachedFloatingIps,
  unicastPools,
} from '../pages/project/instance/networking-actions'
import { attachableDisks } from '../pages/project/instance/storage-actions'
import { paths } from '../paths'
import { kinds } from '../ui/kinds'
import { formatBytes, gibToHold, nameWithSize } from '../util/bytes'
import { generateName } from '../util/names'
import { MAX_DISK_GIB, sizeToHold } from './disk-blank'
import { FormRadio, NameAndFollower, optionsOf } from './fields'
import { InstanceSizeFields } from './instance-size-fields'
import {
  type BootSource,
  byteCount,
  CUSTOM,
  DEFAULT_DATA_GIB,
  type ExtraDisk,
  fieldOfConflict,
  INITIAL_VALUES,
  INSTANCE_CREATE_RULES,
  type InstanceCreateValues,
  instanceCreateProblems,
  nameOfConflict,
  PRESETS,
  toInstanceCreate,
  USER_DATA_MAX_BYTES,
  utf8Length,
} from './instance-values'
import { VERSION_LABELS } from './ip-pool'
import { notSavedTitle } from './side-form'
import { VpcSubnetFields } from './vpc-subnet-fields'

/** The two ephemeral IP choices, one per version: its checkbox's and its pool's form values. */
const EPHEMERAL = [
  { version: 'v4', on: 'ephemeralV4', pool: 'ephemeralV4Pool' },
  { version: 'v6', on: 'ephemeralV6', pool: 'ephemeralV6Pool' },
] as const

const BOOT_SOURCES = [
  { value: 'siloImage', label: 'Silo image' },
  { value: 'projectImage', label: 'Project image' },
  { value: 'disk', label: 'Existing disk' },
] as const
const NETWORK_CHOICES = optionsOf('default', 'none', 'custom')
const USER_DATA_SOURCES = optionsOf('text', 'file')
type Image = ListItem<'imageList'>

const page = css({ maxW: '48rem', pb: '16' })
const section = css({
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  pb: '6',
  mb: '6',
  '& > h2': { fontSize: 'md', fontWeight: 'semibold', mb: '4' },
})
const muted = css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })
const errorText = css({ fontSize: 'xs', color: 'danger.fg', mb: '4' })
const footer = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', alignItems: 'center' })
const fieldset = css({ border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={section} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

const hintText = css({ fontSize: 'xs', color: 'fg.muted', mt: '-1', mb: '3', ml: '6' })

function Checkbox({
  label,
  checked,
  onChange,
  description,
  hint,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  /** Part of the checkbox's name, after its label. */
  description?: string
  /** A line under the checkbox, its accessible description. */
  hint?: string
}) {
  const hintId = useId()
  return (
    <>
      <label className={css({ display: 'flex', alignItems: 'baseline', gap: '2', mb: '2', fontSize: 'sm' })}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          {...(hint ? { 'aria-describedby': hintId } : {})}
        />
        <span>
          {label}
          {description && <span className={css({ color: 'fg.muted' })}> — {description}</span>}
        </span>
      </label>
      {hint && (
        <p id={hintId} className={hintText}>
          {hint}
        </p>
      )}
    </>
  )
}

/**
 * One checkbox per item of a list that loads (labelled by name, with its `detail`): its loading text
 * until the list is known, then its empty text or the items. `names` are the checked items' names, or
 * with `unchecked` the names of those left out.
 */
function CheckList<T extends { id: string; name: string }>({
  legend: title,
  items,
  loading,
  empty,
  detail,
  names,
  unchecked = false,
  onNames,
}: {
  legend: string
  items: readonly T[] | undefined
  loading: string
  empty: string
  detail: (item: T) => string
  names: readonly string[]
  unchecked?: boolean
  onNames: (names: string[]) => void
}) {
  const check = (name: string, on: boolean) => {
    const rest = names.filter((x) => x !== name)
    onNames(on === unchecked ? rest : [...rest, name])
  }
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>{title}</legend>
      {items === undefined ? (
        <p className={muted}>{loading}</p>
      ) : items.length === 0 ? (
        <p className={muted}>{empty}</p>
      ) : (
        items.map((item) => (
          <Checkbox
            key={item.id}
            label={item.name}
            description={detail(item)}
            checked={names.includes(item.name) !== unchecked}
            onChange={(on) => check(item.name, on)}
          />
        ))
      )}
    </fieldset>
  )
}

const imageLabel = (i: Image) => `${i.name} (${i.os} ${i.version}, ${formatBytes(i.size)})`

export function InstanceCreateForm({ project }: { project: string }) {
  const [, navigate] = useLocation()
  const reason = useKindReason(kinds.instance, 'creating instances')

  const siloImages = useList('imageList', { query: PICK }).data?.items
  const projectImages = useList('imageList', { query: { project, ...PICK } }).data?.items
  const projectDisks = useList('diskList', { query: { project, ...PICK } }).data?.items
  const sshKeys = useList('currentUserSshKeyList', { query: PICK }).data?.items
  const pools = useList('ipPoolList', { query: PICK }).data?.items
  const floating = useList('floatingIpList', { query: { project, ...PICK } }).data?.items

  const detached = attachableDisks(projectDisks ?? [])
  const freeFloating = floating && unattachedFloatingIps(floating)
  const offeredPools = unicastPools(pools ?? [])
  const poolsOf = (version: 'v4' | 'v6') =>
    offeredPools.filter((p) => p.ipVersion === version).map(poolOption)
  const images = [...(siloImages ?? []), ...(projectImages ?? [])]
  const keyNames = sshKeys?.map((k) => k.name)

  const [clash, setClash] = useState<string>()
  const form = useForm<InstanceCreateValues, ListItem<'instanceList'>>({
    // Per project: a draft names the project's disks, VPCs and floating IPs.
    id: `instance-create-${project}`,
    initial: INITIAL_VALUES,
    rules: INSTANCE_CREATE_RULES,
    check: (vals) =>
      instanceCreateProblems(vals, {
        imageSize: images.find((i) => i.id === vals.bootImage)?.size,
        pools,
      }),
    submit: async (vals) => {
      const file = vals.userDataSource === 'file' ? vals.userDataFile : null
      const body = toInstanceCreate(vals, {
        sshKeys: keyNames,
        imageName: images.find((i) => i.id === vals.bootImage)?.name,
        userDataFile: file ? new Uint8Array(await file.arrayBuffer()) : undefined,
      })
      const result = await mutate(
        'instanceCreate',
        { query: { project }, body },
        {
          invalidates: [
            { endpoint: 'instanceList', params: { query: { project } } },
            { endpoint: 'diskList', params: { query: { project } } },
            { endpoint: 'floatingIpList', params: { query: { project } } },
          ],
        },
      )
      if (result.type === 'error' && result.data.errorCode === 'ObjectAlreadyExists') {
        const field = fieldOfConflict(result.data.message, vals)
        // An additional disk's clash is shown on that disk's name, not only under the section.
        setClash(field === 'disks' ? nameOfConflict(result.data.message) : undefined)
        if (field !== 'name') throw new FormError(toUserError('instanceCreate', result).message, field)
      }
      return result
    },
    onSuccess: (instance, _values, { away }) => {
      if (!instance) return
      toast.success(`Instance ${instance.name} created`)
      if (!away) navigate(paths.instance({ project, instance: instance.name }))
    },
    onFailedAway: (message) => toast.error(notSavedTitle('New instance'), message),
    draft: true,
  })
  const { values, set } = form
  // The server's clash was about the disks as they were sent: changed, it no longer names a row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the disks change, to forget the clash
  useEffect(() => setClash(undefined), [values.disks])
  /** The server's word on an additional disk's name, shown on the disk that has that name. */
  const clashOn = (d: ExtraDisk) =>
    d.kind === 'create' && clash !== undefined && d.name === clash ? form.error('disks') : undefined

  const chooseHardware = (id: string) => {
    set('hardware', id)
    const p = PRESETS.find((x) => x.id === id)
    if (!p) return
    set('ncpus', String(p.ncpus))
    set('memoryGib', String(p.memoryGib))
  }
  const chooseImage = (id: string) => {
    set('bootImage', id)
    const image = images.find((i) => i.id === id)
    if (image) set('bootSizeGib', sizeToHold(values.bootSizeGib, image.size))
  }
  const chooseBootSource = (s: BootSource) => {
    set('bootSource', s)
    // An image of the other list is not a choice of this one.
    const list = s === 'siloImage' ? siloImages : s === 'projectImage' ? projectImages : undefined
    if (list && !list.some((i) => i.id === values.bootImage)) set('bootImage', '')
  }
  const setDisk = (n: number, disk: ExtraDisk | null) =>
    set(
      'disks',
      disk === null
        ? values.disks.filter((_, i) => i !== n)
        : values.disks.map((d, i) => (i === n ? disk : d)),
    )

  const bootImages = values.bootSource === 'siloImage' ? siloImages : projectImages
  const chosenImage = images.find((i) => i.id === values.bootImage)
  const taken = new Set([
    values.bootSource === 'disk' ? values.bootDisk : '',
    ...values.disks.map((d) => d.name),
  ])
  const submitReason = reason()

  return (
    <div className={page}>
      <PageHeader title="New instance" icon={<InstancesIcon />} />
      <form {...form.formProps} aria-label="New instance">
        <FormErrorSummary errors={form.summary} />

        <Section title="Identity">
          <NameAndFollower
            form={form}
            follower="hostname"
            label="Hostname"
            description="The guest's hostname; follows the name unless changed."
          />
        </Section>

        <Section title="Hardware">
          <Select
            label="Size"
            options={[
              ...PRESETS.map((p) => ({
                value: p.id,
                label: `${p.ncpus} vCPU, ${p.memoryGib} GiB memory`,
                group: p.family,
              })),
              { value: CUSTOM, label: 'Custom' },
            ]}
            {...form.field('hardware')}
            onChange={(e) => chooseHardware(e.target.value)}
          />
          {values.hardware === CUSTOM && (
            <FieldRow>
              <InstanceSizeFields ncpus={form.field('ncpus')} memoryGib={form.field('memoryGib')} />
            </FieldRow>
          )}
        </Section>

        <Section title="Boot disk">
          <RadioGroup
            legend="Boot from"
            name="bootSource"
            value={values.bootSource}
            options={BOOT_SOURCES}
            onChange={chooseBootSource}
          />
          {values.bootSource === 'disk' ? (
            <Select
              label="Disk"
              required
              placeholder={detached.length ? 'Choose a detached disk' : 'No detached disks in this project'}
              options={detached.map((d) => ({
                value: d.name,
                label: nameWithSize(d),
                disabled: values.disks.some((x) => x.name === d.name),
              }))}
              {...form.field('bootDisk')}
            />
          ) : (
            <>
              <Select
                label="Image"
                required
                placeholder={
                  bootImages === undefined
                    ? 'Loading images…'
                    : bootImages.length
                      ? 'Choose an image'
                      : 'No images here'
                }
                options={(bootImages ?? []).map((i) => ({ value: i.id, label: imageLabel(i) }))}
                {...form.field('bootImage')}
                onChange={(e) => chooseImage(e.target.value)}
              />
              <FieldRow>
                <NameField
                  label="Disk name"
                  placeholder="Generated"
                  description="Blank: the instance and image names with a random suffix."
                  {...form.field('bootDiskName')}
                />
                <WholeNumberField
                  label="Disk size (GiB)"
                  min={chosenImage ? gibToHold(chosenImage.size) : 1}
                  max={MAX_DISK_GIB}
                  required
                  description={
                    chosenImage
                      ? `At least ${gibToHold(chosenImage.size)} GiB for this image.`
                      : 'Grows to fit the image.'
                  }
                  {...form.field('bootSizeGib')}
                />
              </FieldRow>
              <Checkbox
                label="Read-only"
                hint="The boot disk is made from the image and never written: for appliances that do not write to their root disk."
                checked={values.bootReadOnly}
                onChange={(on) => set('bootReadOnly', on)}
              />
            </>
          )}
        </Section>

        <Section title="Additional disks">
          {values.disks.length === 0 && <p className={muted}>No additional disks.</p>}
          {values.disks.map((d, n) =>
            d.kind === 'create' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <FieldRow key={n}>
                <NameField
                  label={`Disk ${n + 1} name`}
                  error={clashOn(d)}
                  value={d.name}
                  onChange={(e) => setDisk(n, { ...d, name: e.target.value })}
                />
                <WholeNumberField
                  label={`Disk ${n + 1} size (GiB)`}
                  min={1}
                  max={MAX_DISK_GIB}
                  value={d.sizeGib}
                  onChange={(e) => setDisk(n, { ...d, sizeGib: e.target.value })}
                />
                <Button variant="secondary" className={css({ mb: '4' })} onClick={() => setDisk(n, null)}>
                  Remove disk {n + 1}
                </Button>
              </FieldRow>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <FieldRow key={n}>
                <Select
                  label={`Disk ${n + 1}: existing disk`}
                  placeholder="Choose a detached disk"
                  value={d.name}
                  options={detached.map((x) => ({
                    value: x.name,
                    label: nameWithSize(x),
                    disabled: x.name !== d.name && taken.has(x.name),
                  }))}
                  onChange={(e) => setDisk(n, { kind: 'attach', name: e.target.value })}
                />
                <Button variant="secondary" className={css({ mb: '4' })} onClick={() => setDisk(n, null)}>
                  Remove disk {n + 1}
                </Button>
              </FieldRow>
            ),
          )}
          {form.error('disks') && !values.disks.some(clashOn) && (
            <p id={`${form.control('disks').id}-error`} className={errorText}>
              {form.error('disks')}
            </p>
          )}
          <div className={css({ display: 'flex', gap: '3' })}>
            <Button
              variant="secondary"
              onClick={() =>
                set('disks', [
                  ...values.disks,
                  {
                    kind: 'create',
                    name: generateName([values.name, 'disk']),
                    sizeGib: String(DEFAULT_DATA_GIB),
                  },
                ])
              }
            >
              Add new disk
            </Button>
            <Button
              variant="secondary"
              onClick={() => set('disks', [...values.disks, { kind: 'attach', name: '' }])}
            >
              Attach existing disk
            </Button>
          </div>
        </Section>

        <Section title="Networking">
          <FormRadio form={form} field="network" legend="Network interface" options={NETWORK_CHOICES} />
          {values.network === 'default' && (
            <p className={muted}>One interface in the project's default VPC and subnet.</p>
          )}
          {values.network === 'custom' && (
            <FieldRow>
              <VpcSubnetFields
                project={project}
                vpc={values.vpc}
                vpcField={form.field('vpc')}
                subnetField={form.field('subnet')}
                onVpc={(vpc) => {
                  set('vpc', vpc)
                  set('subnet', '')
                }}
              />
            </FieldRow>
          )}
          <fieldset className={fieldset}>
            <legend className={legend}>Ephemeral external IPs</legend>
            <p className={muted}>
              An instance may have one of each version, each from a pool of its version.
            </p>
            {EPHEMERAL.map(({ version, on, pool }) => (
              <Fragment key={version}>
                <Checkbox
                  label={`Ephemeral ${VERSION_LABELS[version]} address`}
                  checked={values[on]}
                  onChange={(checked) => set(on, checked)}
                />
                {values[on] && (
                  <Select
                    label={`${VERSION_LABELS[version]} pool`}
                    placeholder={`Silo default ${VERSION_LABELS[version]} pool`}
                    options={poolsOf(version)}
                    {...form.field(pool)}
                  />
                )}
              </Fragment>
            ))}
          </fieldset>
          <CheckList
            legend="Floating IPs"
            items={freeFloating}
            loading="Loading floating IPs…"
            empty={NO_FREE_FLOATING_IPS}
            detail={(f) => f.ip}
            names={values.floatingIps}
            onNames={(names) => set('floatingIps', names)}
          />
        </Section>

        <Section title="SSH keys">
          <CheckList
            legend="Keys sent to the instance"
            items={sshKeys}
            loading="Loading your SSH keys…"
            empty="You have no SSH keys. Add them in your settings."
            detail={(k) => k.description}
            names={values.sshKeysOff}
            unchecked
            onNames={(names) => set('sshKeysOff', names)}
          />
        </Section>

        <Section title="Advanced">
          <FormRadio
            form={form}
            field="userDataSource"
            legend="Cloud-init user data"
            options={USER_DATA_SOURCES}
          />
          {values.userDataSource === 'text' ? (
            <TextArea
              label="User data"
              rows={6}
              spellCheck={false}
              description={`At most 32 KiB (${byteCount(USER_DATA_MAX_BYTES)}); now ${byteCount(utf8Length(values.userDataText))}.`}
              {...form.field('userDataText')}
            />
          ) : (
            <UserDataFile form={form} />
          )}
          <Checkbox
            label="Start instance"
            description="start it as soon as it is created"
            checked={values.start}
            onChange={(on) => set('start', on)}
          />
        </Section>

        <div className={footer}>
          <Button variant="secondary" onClick={() => navigate(paths.instances({ project }))}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            loading={form.submitting}
            {...(submitReason ? { disabledReason: submitReason } : {})}
          >
            Create instance
          </Button>
        </div>
      </form>
    </div>
  )
}

function UserDataFile({ form }: { form: ReturnType<typeof useForm<InstanceCreateValues>> }) {
  const { value: _unset, onChange: _own, ...fileField } = form.field('userDataFile')
  const file = form.values.userDataFile
  return (
    <TextField
      label="User data file"
      type="file"
      description={
        file
          ? `${file.name}, ${byteCount(file.size)} (at most ${byteCount(USER_DATA_MAX_BYTES)}).`
          : `At most 32 KiB (${byteCount(USER_DATA_MAX_BYTES)}).`
      }
      {...fileField}
      onChange={(e) => form.set('userDataFile', (e.target as HTMLInputElement).files?.[0] ?? null)}
    />
  )
}
