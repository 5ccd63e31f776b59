import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes/input'

// Label + control + help + error, wired for assistive tech: the label names the control, the help
// and error are its description (aria-describedby), and an error sets aria-invalid.

const field = css({ display: 'flex', flexDir: 'column', gap: '1.5', mb: '4' })
const labelClass = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })
const helpClass = css({ fontSize: 'xs', color: 'fg.muted' })
const errorClass = css({ fontSize: 'xs', color: 'danger.fg' })
const requiredMark = css({ color: 'fg.subtle', ml: '1', fontWeight: 'normal' })
const fieldRow = css({ display: 'flex', gap: '3', alignItems: 'flex-end', '& > div': { flex: '1' } })

/** Fields side by side, sharing the row's width, their controls on one line ("ICMP type" and "code"). */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={fieldRow}>{children}</div>
}

interface FieldBase {
  label: string
  /** Help text under the label. */
  description?: ReactNode
  /** Validation message; marks the control invalid. */
  error?: string
}

function useFieldIds(id?: string) {
  const auto = useId()
  const base = id ?? auto
  return { id: base, help: `${base}-help`, error: `${base}-error` }
}

function FieldFrame({
  ids,
  label,
  description,
  error,
  required,
  children,
}: FieldBase & { ids: ReturnType<typeof useFieldIds>; required?: boolean; children: ReactNode }) {
  return (
    <div className={field}>
      <label htmlFor={ids.id} className={labelClass}>
        {label}
        {required && (
          <span className={requiredMark} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {description && (
        <div id={ids.help} className={helpClass}>
          {description}
        </div>
      )}
      {children}
      {error && (
        <div id={ids.error} className={errorClass}>
          {error}
        </div>
      )}
    </div>
  )
}

function describedBy(
  ids: ReturnType<typeof useFieldIds>,
  description: unknown,
  error: unknown,
): string | undefined {
  const parts = [description ? ids.help : null, error ? ids.error : null].filter(Boolean)
  return parts.length ? parts.join(' ') : undefined
}

/**
 * One field's wiring, the same for every control: the frame's props (label, help, error, the required
 * mark) and the control's (its id, required, aria-invalid and aria-describedby); the rest is the
 * control's own.
 */
function useField<P extends FieldBase & { id?: string | undefined; required?: boolean | undefined }>({
  label,
  description,
  error,
  id,
  required,
  ...rest
}: P) {
  const ids = useFieldIds(id)
  return {
    frame: { ids, label, description, error, required },
    control: {
      id: ids.id,
      required,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy(ids, description, error),
    },
    rest,
  }
}

export interface TextFieldProps extends FieldBase, Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  ref?: Ref<HTMLInputElement>
}

/**
 * A text input with its label, description and error. The browser does not autofill it (a console's
 * fields are names, addresses and numbers of this rack, not the user's details) unless a field says
 * what it is (`autoComplete="username"` on sign-in).
 */
export function TextField({ className, ref, ...props }: TextFieldProps) {
  const { frame, control, rest } = useField(props)
  return (
    <FieldFrame {...frame}>
      <input autoComplete="off" {...rest} ref={ref} {...control} className={cx(input(), className)} />
    </FieldFrame>
  )
}

/** A whole number (vCPUs, sizes in GiB): a numeric text field stepping by 1 between min and max. */
export function WholeNumberField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'step'>) {
  return <TextField type="number" inputMode="numeric" step={1} min={1} {...props} />
}

/**
 * A resource name (the contract's Name: at most 63 characters). The length is not capped as typed: a
 * pasted longer name would be cut to another name without a word; the rule says it is too long.
 * `describeRule` adds the rule under the field.
 */
export function NameField({
  describeRule,
  ...props
}: Omit<TextFieldProps, 'maxLength' | 'autoComplete'> & { describeRule?: boolean }) {
  return <TextField {...(describeRule ? { description: NAME_RULE } : {})} {...props} />
}

const NAME_RULE = 'Letters, digits and hyphens; starts with a lowercase letter.'

export interface TextAreaProps
  extends FieldBase,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  ref?: Ref<HTMLTextAreaElement>
}

export function TextArea({ className, ref, ...props }: TextAreaProps) {
  const { frame, control, rest } = useField(props)
  return (
    <FieldFrame {...frame}>
      <textarea
        rows={3}
        {...rest}
        ref={ref}
        {...control}
        className={cx(input(), css({ h: 'auto', py: '2', resize: 'vertical' }), className)}
      />
    </FieldFrame>
  )
}

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
  /** Options of one group stand together under its label (an optgroup), in the groups' first order. */
  group?: string
}

function optionElement(o: SelectOption) {
  return (
    <option key={o.value} value={o.value} disabled={o.disabled}>
      {o.label}
    </option>
  )
}

export interface SelectProps extends FieldBase, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[]
  /** Adds a first empty option with this text. */
  placeholder?: string
  ref?: Ref<HTMLSelectElement>
}

/** Runs of options by group, each group once (where its first option stands); ungrouped ones alone. */
function groupsOf(options: readonly SelectOption[]): [string | undefined, SelectOption[]][] {
  const out: [string | undefined, SelectOption[]][] = []
  for (const o of options) {
    const same = o.group === undefined ? undefined : out.find(([g]) => g === o.group)
    if (same) same[1].push(o)
    else out.push([o.group, [o]])
  }
  return out
}

export function Select({ className, options, placeholder, ref, ...props }: SelectProps) {
  const { frame, control, rest } = useField(props)
  return (
    <FieldFrame {...frame}>
      <select {...rest} ref={ref} {...control} className={cx(input(), className)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {groupsOf(options).map(([group, items]) =>
          group === undefined ? (
            items.map(optionElement)
          ) : (
            <optgroup key={group} label={group}>
              {items.map(optionElement)}
            </optgroup>
          ),
        )}
      </select>
    </FieldFrame>
  )
}

const radioFieldset = css({ border: 'none', p: '0', m: '0', minW: '0' })
const radioLegend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })
const radioRow = css({ display: 'flex', flexWrap: 'wrap', gap: '4', mb: '4', fontSize: 'sm' })
const radioChoice = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer' })

/** One choice among a few, all visible: a fieldset whose legend names the group. */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string
  name: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <fieldset className={radioFieldset}>
      <legend className={radioLegend}>{legend}</legend>
      <div className={radioRow}>
        {options.map((o) => (
          <label key={o.value} className={radioChoice}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
