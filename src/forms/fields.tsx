// Field groups the side forms share, bound to the form hook: a form names its keys once, and every
// form shows the same labels and wiring, so the e2e tests' selectors hold for all of them at once.
import type { ReactNode } from 'react'
import { SideModalForm, TextField } from '../components'
import { NameField, RadioGroup, Select, type TextFieldProps } from '../components/FormField'
import type { Form, FormValues } from '../hooks/use-form'
import { BLOCK_SIZES } from './disk-blank'
import type { SideModalProps } from './side-form'
import { required } from './validation'

/** The Name (with the contract's rule under it) and Description a create or edit form opens with. */
export function NameAndDescription({
  form,
}: {
  form: Pick<Form<{ name: string; description: string }>, 'field'>
}) {
  return (
    <>
      <NameField label="Name" required describeRule {...form.field('name')} />
      <TextField label="Description" {...form.field('description')} />
    </>
  )
}

/** What a field that follows the name holds once the name becomes `next`: the new name while it still
 * is the old one (or blank), else what was typed into it. */
export function followName(follower: string, name: string, next: string): string {
  return follower === '' || follower === name ? next : follower
}

/**
 * Name and Description, then a field that follows the name until it is edited to something else (an
 * instance's hostname, a new VPC's DNS name); `follows: false` leaves it as it is (an existing VPC's).
 */
export function NameAndFollower<V extends { name: string; description: string }>({
  form,
  follower,
  label,
  description,
  follows = true,
}: {
  form: Pick<Form<V>, 'field' | 'set' | 'values'>
  follower: { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string
  label: string
  description: string
  follows?: boolean
}) {
  const named = form as unknown as Pick<Form<{ name: string; description: string }>, 'field' | 'set'>
  const setName = (next: string) => {
    if (follows)
      form.set(
        follower,
        followName(form.values[follower] as string, form.values.name, next) as V[typeof follower],
      )
    named.set('name', next)
  }
  return (
    <>
      <NameField
        label="Name"
        required
        describeRule
        {...named.field('name')}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField label="Description" {...named.field('description')} />
      <TextField label={label} required description={description} {...form.field(follower)} />
    </>
  )
}

/**
 * A create-or-edit form's side modal: Name and Description, then what the API takes only at creation
 * (its update has none of it), which an edit does not show.
 */
export function CreateOrEditModal({
  modal,
  form,
  editing,
  createOnly,
}: {
  modal: SideModalProps
  form: Pick<Form<{ name: string; description: string }>, 'field'>
  editing?: boolean
  createOnly?: ReactNode
}) {
  return (
    <SideModalForm {...modal}>
      <NameAndDescription form={form} />
      {!editing && createOnly}
    </SideModalForm>
  )
}

/** The Name and Description values a form starts from: the resource's when editing, else blank. */
export const nameAndDescriptionOf = (current?: { name: string; description: string }) => ({
  name: current?.name ?? '',
  description: current?.description ?? '',
})

/** The rules of an image's OS and Version: both are required (nexus.json ImageCreate). */
export const OS_AND_VERSION = { os: required('OS'), version: required('Version') }

type Hint = Pick<TextFieldProps, 'placeholder' | 'description'>

/**
 * An image's OS and Version, as every form that makes an image asks them; each form gives its own hint
 * under or in them (an example, or what the value means).
 */
export function OsAndVersion({
  form,
  hints,
}: {
  form: Pick<Form<{ os: string; version: string }>, 'field'>
  hints: { os: Hint; version: Hint }
}) {
  return (
    <>
      <TextField label="OS" required {...hints.os} {...form.field('os')} />
      <TextField label="Version" required {...hints.version} {...form.field('version')} />
    </>
  )
}

const BLOCK_SIZE_OPTIONS = BLOCK_SIZES.map((n) => ({ value: String(n), label: `${n} bytes` }))

/**
 * The block size a new disk or image is made with (nexus.json BlockSize), held as a string; each form
 * says under it what the choice means there.
 */
export function BlockSizeSelect({
  form,
  description,
}: {
  form: Pick<Form<{ blockSize: string }>, 'field'>
  description: string
}) {
  return (
    <Select
      label="Block size"
      required
      description={description}
      options={BLOCK_SIZE_OPTIONS}
      {...form.field('blockSize')}
    />
  )
}

/** Choices labelled by their values, capitalised: `allow` is offered as "Allow". */
export const optionsOf = <const T extends string>(...values: T[]) =>
  values.map((value) => ({ value, label: `${value.charAt(0).toUpperCase()}${value.slice(1)}` }))

/** A radio group over one form value. `name` (the inputs' group) defaults to the value's key. */
export function FormRadio<V extends FormValues, K extends keyof V & string>({
  form,
  field,
  legend,
  options,
  name = field,
}: {
  form: Pick<Form<V>, 'values' | 'set'>
  field: K
  legend: string
  options: readonly { value: V[K] & string; label: string }[]
  name?: string
}) {
  return (
    <RadioGroup
      legend={legend}
      name={name}
      value={form.values[field] as V[K] & string}
      options={options}
      onChange={(v) => form.set(field, v)}
    />
  )
}
