// @vitest-environment jsdom
import '../components/test-helpers'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Sled } from '../pages/system/inventory/sled'
import { SledProvisionPolicyDialog } from './sled-provision-policy'

const io = vi.hoisted(() => ({ mutate: vi.fn(), reason: undefined as string | undefined }))
vi.mock('../../storage', () => ({ mutate: io.mutate }))
vi.mock('../hooks/use-action-reason', () => ({
  useKindReason: () => (machine?: string | null) => io.reason ?? machine ?? undefined,
}))

const sled: Sled = {
  id: '0c1bdd6f-8b3e-4e5f-9a10-2b3c4d5e6f70',
  rackId: 'a0000000-0000-4000-8000-000000000001',
  slot: 3,
  baseboard: { part: '913-0000019', revision: 6, serial: 'BRM42221003' },
  policy: { kind: 'in_service', provisionPolicy: 'provisionable' },
  state: 'active',
  usableHardwareThreads: 128,
  usablePhysicalRam: 1024 ** 4,
  timeCreated: new Date('2024-01-01T00:00:00Z'),
  timeModified: new Date('2024-01-01T00:00:00Z'),
}

afterEach(() => {
  cleanup()
  io.mutate.mockReset()
  io.reason = undefined
})

const save = () => screen.getByRole('button', { name: 'Save' })

describe('set provision policy dialog', () => {
  it('starts on the current policy, with Save disabled until the choice changes', () => {
    render(<SledProvisionPolicyDialog sled={sled} onDismiss={() => {}} />)
    expect(screen.getByText('BRM42221003')).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Provisionable' }) as HTMLInputElement).checked).toBe(true)
    expect(save().getAttribute('aria-disabled')).toBe('true')
    expect(document.body.textContent).toContain('The sled is already provisionable')
    fireEvent.click(screen.getByRole('radio', { name: 'Non-provisionable' }))
    expect(save().getAttribute('aria-disabled')).not.toBe('true')
    expect(document.body.textContent).toContain('New instances and disks are not placed on this sled')
  })

  it('an expunged sled or a blocked user keeps Save disabled with the reason', () => {
    io.reason = 'You are offline'
    render(<SledProvisionPolicyDialog sled={sled} onDismiss={() => {}} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Non-provisionable' }))
    expect(save().getAttribute('aria-disabled')).toBe('true')
    expect(document.body.textContent).toContain('You are offline')
  })

  it('sends the new policy and closes on success', async () => {
    io.mutate.mockResolvedValue({ type: 'success', data: { oldState: 'provisionable' }, response: {} })
    const onDismiss = vi.fn()
    render(<SledProvisionPolicyDialog sled={sled} onDismiss={onDismiss} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Non-provisionable' }))
    fireEvent.click(save())
    await waitFor(() => expect(onDismiss).toHaveBeenCalled())
    expect(io.mutate).toHaveBeenCalledWith(
      'sledSetProvisionPolicy',
      { path: { sledId: sled.id }, body: { state: 'non_provisionable' } },
      { invalidates: [{ endpoint: 'sledList' }, { endpoint: 'sledView' }] },
    )
  })

  it('a refusal keeps the dialog and the choice, with the catalogue message', async () => {
    io.mutate.mockResolvedValue({
      type: 'error',
      op: 'sledSetProvisionPolicy',
      data: { statusCode: 400, errorCode: 'InvalidRequest', message: 'cannot set the provision policy' },
      response: new Response(null, { status: 400 }),
    })
    const onDismiss = vi.fn()
    render(<SledProvisionPolicyDialog sled={sled} onDismiss={onDismiss} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Non-provisionable' }))
    fireEvent.click(save())
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot set the provision policy')
    expect((screen.getByRole('radio', { name: 'Non-provisionable' }) as HTMLInputElement).checked).toBe(true)
    expect(onDismiss).not.toHaveBeenCalled()
  })
})
