// @vitest-environment jsdom
import '../components/test-helpers'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setCacheScope } from '../../storage'
import type { ApiFailure, ApiResult } from '../api/types'
import { SideModalForm, TextArea, TextField } from '../components'
import { NAME, required } from '../forms/validation'
import { saveOpenDrafts } from './use-draft'
import { FormError, fieldOfMessage, useForm } from './use-form'

type Key = { name: string; publicKey: string }
type Submit = (values: { name: string; description: string; publicKey: string }) => Promise<ApiResult<Key>>

function KeyForm({
  submit,
  onSuccess = vi.fn(),
  onDismiss = vi.fn(),
  onFailedAway,
}: {
  submit: Submit
  onSuccess?: (...args: unknown[]) => void
  onDismiss?: () => void
  onFailedAway?: (message: string) => void
}) {
  const form = useForm({
    id: 'test-key',
    initial: { name: '', description: '', publicKey: '' },
    rules: { name: NAME, publicKey: required('Public key') },
    submit,
    onSuccess,
    ...(onFailedAway ? { onFailedAway } : {}),
    draft: true,
  })
  return (
    <SideModalForm form={form} title="Add SSH key" submitLabel="Add SSH key" onDismiss={onDismiss}>
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Description" {...form.field('description')} />
      <TextArea label="Public key" {...form.field('publicKey')} />
    </SideModalForm>
  )
}

const apiError = (statusCode: number, errorCode: string | undefined, message: string): ApiFailure =>
  ({
    type: 'error',
    op: 'currentUserSshKeyCreate',
    data: { statusCode, message, requestId: 'req-1', ...(errorCode ? { errorCode } : {}) },
    response: new Response(null, { status: statusCode }),
  }) as ApiFailure

const success = (data: Key): ApiResult<Key> => ({ type: 'success', data, response: new Response() })

async function open(submit: Submit, extra: { onSuccess?: () => void; onDismiss?: () => void } = {}) {
  render(<KeyForm submit={submit} {...extra} />)
  const dialog = await screen.findByRole('dialog', { name: 'Add SSH key' })
  const d = within(dialog)
  return {
    dialog: d,
    name: d.getByLabelText('Name') as HTMLInputElement,
    description: d.getByLabelText('Description') as HTMLInputElement,
    key: d.getByLabelText('Public key') as HTMLTextAreaElement,
    send: () => fireEvent.click(d.getByRole('button', { name: 'Add SSH key' })),
    // Enter in a field: the form submits without its button (which keeps its spinner a minimum time).
    enter: () => fireEvent.submit(d.getByLabelText('Name').closest('form') as HTMLFormElement),
  }
}

const messageOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

beforeEach(() => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/settings/ssh-keys-new')
})
afterEach(() => {
  cleanup()
  setCacheScope(null)
})

describe('useForm validation', () => {
  it('shows a field message after leaving it changed, and every message after a submit, sending nothing', async () => {
    const submit = vi.fn<Submit>()
    const f = await open(submit)
    // Passing through a field without changing it says nothing yet (the form opens focused in it).
    fireEvent.focus(f.key)
    fireEvent.blur(f.key)
    expect(f.key.getAttribute('aria-invalid')).toBe(null)
    fireEvent.change(f.name, { target: { value: '1key' } })
    expect(f.name.getAttribute('aria-invalid')).toBe(null)
    fireEvent.blur(f.name)
    expect(f.name.getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(f.name)).toBe('Name must start with a lowercase letter')
    expect(f.key.getAttribute('aria-invalid')).toBe(null)
    expect(f.dialog.queryByRole('alert')).toBe(null)

    f.send()
    const alert = f.dialog.getByRole('alert')
    expect(within(alert).getByText('2 issues:')).toBeTruthy()
    expect(alert.textContent).toContain('Public key is required')
    expect(messageOf(f.key)).toBe('Public key is required')
    expect(submit).not.toHaveBeenCalled()
    // The first invalid field, in document order, has focus.
    expect(document.activeElement).toBe(f.name)

    // Fixing a value clears its message at once.
    fireEvent.change(f.name, { target: { value: 'laptop' } })
    expect(f.name.getAttribute('aria-invalid')).toBe(null)
    expect(within(f.dialog.getByRole('alert')).getByText('1 issues:')).toBeTruthy()
  })
})

describe('useForm submit', () => {
  it('sends once while a submit is in flight, and reports success', async () => {
    let resolve: (r: ApiResult<Key>) => void = () => {}
    const submit = vi.fn<Submit>(() => new Promise((r) => (resolve = r)))
    const onSuccess = vi.fn()
    const f = await open(submit, { onSuccess })
    fireEvent.change(f.name, { target: { value: 'laptop' } })
    fireEvent.change(f.key, { target: { value: 'ssh-ed25519 AAAA' } })
    f.send()
    const button = f.dialog.getByRole('button', { name: 'Add SSH key' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    f.send()
    f.enter()
    expect(submit).toHaveBeenCalledTimes(1)
    expect(submit).toHaveBeenCalledWith({ name: 'laptop', description: '', publicKey: 'ssh-ed25519 AAAA' })
    await act(async () => resolve(success({ name: 'laptop', publicKey: 'k' })))
    expect(onSuccess).toHaveBeenCalledWith({ name: 'laptop', publicKey: 'k' }, expect.anything(), {
      away: false,
    })
  })

  it('a name that exists: every value kept, the catalogue message on the name field, focused', async () => {
    const submit = vi.fn<Submit>(async () =>
      apiError(400, 'ObjectAlreadyExists', 'already exists: ssh-key "laptop"'),
    )
    const onSuccess = vi.fn()
    const f = await open(submit, { onSuccess })
    fireEvent.change(f.name, { target: { value: 'laptop' } })
    fireEvent.change(f.description, { target: { value: 'my laptop' } })
    fireEvent.change(f.key, { target: { value: 'ssh-ed25519 AAAA' } })
    await act(async () => f.send())
    expect(onSuccess).not.toHaveBeenCalled()
    expect([f.name.value, f.description.value, f.key.value]).toEqual([
      'laptop',
      'my laptop',
      'ssh-ed25519 AAAA',
    ])
    expect(f.name.getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(f.name)).toBe('SSH key name already exists')
    expect(f.dialog.getByRole('alert').textContent).toContain('SSH key name already exists')
    expect(document.activeElement).toBe(f.name)
    // A new name is a new question for the server: the old answer goes.
    fireEvent.change(f.name, { target: { value: 'laptop-2' } })
    expect(f.name.getAttribute('aria-invalid')).toBe(null)
  })

  it('a 400 naming a field goes to that field; anything else is the form error', async () => {
    const submit = vi
      .fn<Submit>()
      .mockResolvedValueOnce(apiError(400, 'InvalidRequest', 'Failed to parse public key'))
      .mockResolvedValueOnce(apiError(500, 'Internal', 'internal error'))
    const f = await open(submit)
    fireEvent.change(f.name, { target: { value: 'laptop' } })
    fireEvent.change(f.key, { target: { value: 'not a key' } })
    await act(async () => f.send())
    expect(messageOf(f.key)).toBe('Failed to parse public key')
    expect(f.name.getAttribute('aria-invalid')).toBe(null)
    await act(async () => f.enter())
    expect(submit).toHaveBeenCalledTimes(2)
    expect(f.key.getAttribute('aria-invalid')).toBe(null)
    expect(f.dialog.getByRole('alert').textContent).toContain('Internal error')
    expect(f.key.value).toBe('not a key')
  })

  it('a thrown FormError lands on its field or the form', async () => {
    const submit = vi.fn<Submit>().mockRejectedValueOnce(new FormError('Policy changed meanwhile'))
    const f = await open(submit)
    fireEvent.change(f.name, { target: { value: 'laptop' } })
    fireEvent.change(f.key, { target: { value: 'k' } })
    await act(async () => f.send())
    expect(f.dialog.getByRole('alert').textContent).toContain('Policy changed meanwhile')
    expect(within(f.dialog.getByRole('alert')).getByRole('heading', { name: 'Error' })).toBeTruthy()
  })

  it('Cancel dismisses', async () => {
    const onDismiss = vi.fn()
    const f = await open(vi.fn<Submit>(), { onDismiss })
    fireEvent.click(f.dialog.getByRole('button', { name: 'Cancel' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })
})

describe('useForm draft', () => {
  it('brings the values back after a sign-in round trip for the same user and path', async () => {
    setCacheScope({ userId: 'alice', siloId: 's' })
    const first = await open(vi.fn<Submit>())
    fireEvent.change(first.name, { target: { value: 'laptop' } })
    fireEvent.change(first.key, { target: { value: 'ssh-ed25519 AAAA' } })
    // What the 401 handler does before it wipes the cache and redirects.
    saveOpenDrafts(JSON.stringify(['alice', 's']))
    cleanup()
    const again = await open(vi.fn<Submit>())
    expect(again.name.value).toBe('laptop')
    expect(again.key.value).toBe('ssh-ed25519 AAAA')
  })
})

describe('fieldOfMessage', () => {
  const fields = ['name', 'description', 'publicKey']
  it('reads the field path of a body parse error, or the one field the message names', () => {
    expect(fieldOfMessage('unable to parse JSON body: public_key: bad at line 1 column 9', fields)).toBe(
      'publicKey',
    )
    expect(fieldOfMessage('Failed to parse public key', fields)).toBe('publicKey')
    expect(fieldOfMessage('name and description disagree', fields)).toBe(undefined)
    expect(fieldOfMessage('internal error', fields)).toBe(undefined)
  })
})

describe('a form closed while its request is on the wire', () => {
  function deferred() {
    let settle!: (r: ApiResult<Key>) => void
    const promise = new Promise<ApiResult<Key>>((resolve) => {
      settle = resolve
    })
    return { promise, settle }
  }

  async function sendThenClose(onSuccess: (...args: unknown[]) => void, onFailedAway: (m: string) => void) {
    const d = deferred()
    const view = render(
      <KeyForm submit={() => d.promise} onSuccess={onSuccess} onFailedAway={onFailedAway} />,
    )
    const dialog = within(await screen.findByRole('dialog', { name: 'Add SSH key' }))
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'laptop' } })
    fireEvent.change(dialog.getByLabelText('Public key'), { target: { value: 'ssh-ed25519 AAAA' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Add SSH key' }))
    // The route under the form closes it (Cancel): the request goes on.
    view.unmount()
    return d.settle
  }

  it('a success is told as away: the form does not move the operator on', async () => {
    const onSuccess = vi.fn()
    const onFailedAway = vi.fn()
    const settle = await sendThenClose(onSuccess, onFailedAway)
    await act(async () => settle(success({ name: 'laptop', publicKey: 'k' })))
    expect(onSuccess).toHaveBeenCalledWith({ name: 'laptop', publicKey: 'k' }, expect.anything(), {
      away: true,
    })
    expect(onFailedAway).not.toHaveBeenCalled()
  })

  it('a failure still reaches the operator, with the catalogue message', async () => {
    const onSuccess = vi.fn()
    const onFailedAway = vi.fn()
    const settle = await sendThenClose(onSuccess, onFailedAway)
    await act(async () => settle(apiError(400, 'ObjectAlreadyExists', 'already exists: ssh-key "laptop"')))
    expect(onFailedAway).toHaveBeenCalledWith('SSH key name already exists')
    expect(onSuccess).not.toHaveBeenCalled()
  })
})
