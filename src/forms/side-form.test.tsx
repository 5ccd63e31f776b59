// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '../api/types'
import { toast } from '../components'
import { type SideFormOptions, useSideForm, whenSaved } from './side-form'

type V = { name: string }
type R = { name: string }

const ok = (data: R): ApiResult<R> => ({ type: 'success', data, response: new Response() })

function setup(opts: Partial<SideFormOptions<V, R>> = {}) {
  const onDismiss = vi.fn()
  const hook = renderHook(() =>
    useSideForm<V, R>({
      id: 'side-form-test',
      initial: { name: 'web' },
      submit: async ({ name }) => ok({ name }),
      title: 'New thing',
      submitLabel: 'Create thing',
      disabledReason: undefined,
      onDismiss,
      ...opts,
    }),
  )
  const send = async () => {
    await act(async () => hook.result.current.form.submit())
  }
  return { hook, onDismiss, send }
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('useSideForm', () => {
  it('gives the side modal its texts, the form, the dismissal and why it cannot be sent', () => {
    const { hook, onDismiss } = setup({
      subtitle: 'In project p',
      submitLabel: ({ name }) => `Create ${name}`,
      disabledReason: 'You are offline',
    })
    const { form, modal } = hook.result.current
    expect(modal).toEqual({
      form,
      title: 'New thing',
      subtitle: 'In project p',
      submitLabel: 'Create web',
      onDismiss,
      submitDisabledReason: 'You are offline',
    })
    // A label from the values follows them.
    act(() => hook.result.current.form.set('name', 'db'))
    expect(hook.result.current.modal.submitLabel).toBe('Create db')
  })

  it('once sent, toasts what `done` says (a title, or a title and description) and closes', async () => {
    const success = vi.spyOn(toast, 'success')
    const one = setup({ done: (saved) => `Thing ${saved?.name} created` })
    await one.send()
    await waitFor(() => expect(one.onDismiss).toHaveBeenCalledOnce())
    expect(success).toHaveBeenCalledWith('Thing web created')

    success.mockClear()
    const two = setup({ done: (_, { name }) => [`Thing ${name} resized`, '2 vCPUs'] })
    await two.send()
    await waitFor(() => expect(two.onDismiss).toHaveBeenCalledOnce())
    expect(success).toHaveBeenCalledWith('Thing web resized', '2 vCPUs')

    success.mockClear()
    const silent = setup()
    await silent.send()
    await waitFor(() => expect(silent.onDismiss).toHaveBeenCalledOnce())
    expect(success).not.toHaveBeenCalled()
  })

  it('goes on to `onSaved` instead of closing when given one', async () => {
    const onSaved = vi.fn()
    const { send, onDismiss } = setup({ onSaved })
    await send()
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ name: 'web' }, { name: 'web' }))
    expect(onDismiss).not.toHaveBeenCalled()
  })
})

describe('whenSaved', () => {
  it('toasts and hands on what was saved; an answer without it leaves the form as it is', () => {
    const then = vi.fn()
    const { done, onSaved } = whenSaved((saved: R) => `Thing ${saved.name} created`, then)
    expect(done({ name: 'web' })).toBe('Thing web created')
    onSaved({ name: 'web' })
    expect(then).toHaveBeenCalledWith({ name: 'web' })
    expect(done(undefined)).toBeUndefined()
    onSaved(undefined)
    expect(then).toHaveBeenCalledOnce()
  })
})
