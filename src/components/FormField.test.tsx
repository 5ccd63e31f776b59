// @vitest-environment jsdom
import './test-helpers'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NameField, Select, TextArea, TextField } from './FormField'
import { FormErrorSummary, SideModal } from './SideModal'

afterEach(cleanup)

describe('form fields', () => {
  it('a name field takes a pasted name longer than 63 whole, for its rule to refuse (never cut as typed)', () => {
    const long = `a${'b'.repeat(70)}`
    render(<NameField label="Name" value={long} onChange={() => {}} />)
    const input = screen.getByLabelText('Name') as HTMLInputElement
    expect(input.hasAttribute('maxlength')).toBe(false)
    expect(input.value).toBe(long)
  })

  it('TextField links label, help and error, and marks invalid', () => {
    render(<TextField label="Name" name="name" description="Lowercase letters" error="Name is required" />)
    const input = screen.getByLabelText('Name')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Lowercase letters',
      'Name is required',
    ])
  })

  it('TextField without error is not invalid and has no dangling description', () => {
    render(<TextField label="Name" name="name" />)
    const input = screen.getByLabelText('Name')
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })

  it('TextField is not autofilled by the browser unless the field says what it is', () => {
    render(
      <>
        <TextField label="Description" name="description" />
        <TextField label="Username" name="username" autoComplete="username" />
      </>,
    )
    expect(screen.getByLabelText('Description').getAttribute('autocomplete')).toBe('off')
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username')
  })

  it('TextArea and Select are labelled and report changes', () => {
    const onChange = vi.fn()
    render(
      <>
        <TextArea label="Description" name="d" error="Too long" />
        <Select
          label="Pool"
          name="pool"
          placeholder="Choose a pool"
          options={[
            { value: 'a', label: 'Pool A' },
            { value: 'b', label: 'Pool B' },
          ]}
          onChange={onChange}
        />
      </>,
    )
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBe('true')
    const select = screen.getByLabelText('Pool') as HTMLSelectElement
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a pool', 'Pool A', 'Pool B'])
    fireEvent.change(select, { target: { value: 'b' } })
    expect(onChange).toHaveBeenCalled()
    expect(select.value).toBe('b')
  })

  it('Select puts grouped options under their group, each group once, where its first option stands', () => {
    render(
      <Select
        label="Size"
        name="size"
        options={[
          { value: '2-8', label: '2 vCPU, 8 GiB', group: 'General' },
          { value: '2-4', label: '2 vCPU, 4 GiB', group: 'High CPU' },
          { value: '4-16', label: '4 vCPU, 16 GiB', group: 'General' },
          { value: 'custom', label: 'Custom' },
        ]}
      />,
    )
    const select = screen.getByLabelText('Size') as HTMLSelectElement
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.value),
    ])
    expect(groups).toEqual([
      ['General', ['2-8', '4-16']],
      ['High CPU', ['2-4']],
    ])
    expect([...select.options].map((o) => o.value)).toEqual(['2-8', '4-16', '2-4', 'custom'])
  })
})

describe('FormErrorSummary', () => {
  it('uses the spec wording for one and many errors', () => {
    const { rerender } = render(<FormErrorSummary errors={['Name is required']} />)
    expect(screen.getByRole('alert')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy()
    expect(screen.getByText('1 issues:')).toBeTruthy()
    rerender(<FormErrorSummary errors={['Name is required', 'Not a valid IP address']} />)
    expect(screen.getByRole('heading', { name: 'Errors' })).toBeTruthy()
    expect(screen.getByText('2 issues:')).toBeTruthy()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('renders nothing without errors', () => {
    const { container } = render(<FormErrorSummary errors={[]} />)
    expect(container.textContent).toBe('')
  })
})

describe('SideModal', () => {
  it('is a named dialog whose submit button submits the form by id, and cancel dismisses', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault())
    const onDismiss = vi.fn()
    render(
      <SideModal
        open
        onDismiss={onDismiss}
        title="Create disk"
        submitLabel="Create disk"
        formId="disk-form"
        errors={['Size is required']}
      >
        <form id="disk-form" onSubmit={onSubmit}>
          <TextField label="Name" name="name" />
        </form>
      </SideModal>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Create disk' })
    expect(within(dialog).getByText('1 issues:')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create disk' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })
})
