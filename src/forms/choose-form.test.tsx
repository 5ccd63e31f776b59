// @vitest-environment jsdom
import '../components/test-helpers'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '../api/types'
import { toast } from '../components'
import { ChooseForm, type ChooseFormProps } from './choose-form'

const OPTIONS = [
  { value: 'p1', label: 'alpha' },
  { value: 'p2', label: 'beta' },
]

const conflict: ApiResult<unknown> = {
  type: 'error',
  op: 'imageDemote',
  data: {
    statusCode: 400,
    message: 'already exists: image "debian"',
    errorCode: 'ObjectAlreadyExists',
    requestId: 'r1',
  },
  response: new Response(null, { status: 400 }),
}

const descriptionOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

const submit = vi.fn<ChooseFormProps['submit']>()
const onDismiss = vi.fn()

function open(props: Partial<ChooseFormProps> = {}) {
  render(
    <ChooseForm
      id="choose-test"
      title="Demote image"
      subtitle="debian"
      submitLabel="Demote"
      label="Project"
      placeholder="Choose a project"
      requiredMessage="Choose a project"
      noneText="No project to choose."
      options={OPTIONS}
      submit={submit}
      done={(choice) => `Sent ${choice}`}
      disabledReason={undefined}
      onDismiss={onDismiss}
      {...props}
    />,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'Demote image' }))
  const select = () => dialog.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement
  const send = () => act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Demote' })))
  const described = () => descriptionOf(select())
  /** Why the submit is refused, or null when it is not. */
  const refusal = () => {
    const button = dialog.getByRole('button', { name: 'Demote' })
    return button.getAttribute('aria-disabled') === 'true' ? descriptionOf(button) : null
  }
  return { dialog, select, send, described, refusal }
}

beforeEach(() => {
  sessionStorage.clear()
  submit.mockReset()
  onDismiss.mockReset()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ChooseForm', () => {
  it('says it is loading while the choices are unknown', () => {
    const f = open({ options: undefined })
    expect(f.select().options[0]?.textContent).toBe('Loading…')
  })

  it('with nothing to choose, says why instead of the select and refuses the submit with it', () => {
    const f = open({ options: [] })
    expect(f.dialog.queryByRole('combobox')).toBeNull()
    expect(f.dialog.getByRole('paragraph').textContent).toBe('No project to choose.')
    expect(f.refusal()).toBe('No project to choose.')
  })

  it('a refusal from the caller wins over the empty text', () => {
    const f = open({ options: [], disabledReason: 'You are offline' })
    expect(f.refusal()).toBe('You are offline')
  })

  it('asks for a choice before sending anything', async () => {
    const f = open()
    expect(f.refusal()).toBeNull()
    await f.send()
    expect(submit).not.toHaveBeenCalled()
    expect(f.described()).toContain('Choose a project')
  })

  it('sends the choice, toasts what `done` says and closes', async () => {
    const success = vi.spyOn(toast, 'success')
    submit.mockResolvedValue(undefined)
    const f = open()
    fireEvent.change(f.select(), { target: { value: 'p2' } })
    await f.send()
    expect(submit).toHaveBeenCalledWith('p2')
    expect(success.mock.calls[0]?.[0]).toBe('Sent p2')
    expect(onDismiss).toHaveBeenCalled()
  })

  it.each([
    [
      'a rejected send (a machine refusal)',
      () => submit.mockRejectedValue(new Error('Instance must be stopped')),
      'Instance must be stopped',
    ],
    [
      'a conflict, in the catalogue words,',
      () => submit.mockResolvedValue(conflict),
      'Image name already exists',
    ],
  ])('%s keeps the choice and shows the message on the select', async (_, fail, message) => {
    fail()
    const f = open()
    fireEvent.change(f.select(), { target: { value: 'p2' } })
    await f.send()
    expect(f.select().value).toBe('p2')
    expect(f.described()).toContain(message)
    expect(onDismiss).not.toHaveBeenCalled()
  })
})
