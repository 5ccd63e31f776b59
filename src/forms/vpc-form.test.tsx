// @vitest-environment jsdom
import '../components/test-helpers'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '../api/types'
import { VpcForm } from './vpc-form'

const VPC_ID = 'a0000000-0000-4000-8000-0000000000f1'
const vpc = {
  id: VPC_ID,
  name: 'web',
  description: 'front end',
  dnsName: 'web-dns',
  ipv6Prefix: 'fd12:3456:789a::/48',
  projectId: 'p0000000-0000-4000-8000-000000000001',
  systemRouterId: 'r0000000-0000-4000-8000-000000000001',
  timeCreated: new Date('2024-01-01T00:00:00Z'),
  timeModified: new Date('2024-01-01T00:00:00Z'),
}

const world = vi.hoisted(() => ({
  mutate: vi.fn<(op: string, params: unknown) => Promise<ApiResult<unknown>>>(),
}))
vi.mock('../../storage', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  mutate: world.mutate,
  useResource: () => ({ data: vpc, error: undefined, isOffline: false, refresh: async () => 'fresh' }),
}))
// Roles and connectivity have their own tests: here every write is allowed.
vi.mock('../hooks/use-action-reason', () => ({ useWriteReason: () => () => undefined }))

/** The one write sent: its operation and params (the invalidations are the storage's business). */
const expectSent = (op: string, params: unknown) =>
  expect(world.mutate).toHaveBeenLastCalledWith(op, params, expect.anything())

const ok = (data: unknown): ApiResult<unknown> => ({ type: 'success', data, response: new Response() })

beforeEach(() => {
  sessionStorage.clear()
  world.mutate.mockReset()
})
afterEach(cleanup)

async function open(props: { vpc?: string } = {}) {
  const onSaved = vi.fn()
  render(<VpcForm project="mock-project" onDismiss={vi.fn()} onSaved={onSaved} {...props} />)
  const dialog = within(await screen.findByRole('dialog', { name: props.vpc ? 'Edit VPC' : 'New VPC' }))
  const box = (name: string) => dialog.getByRole('textbox', { name }) as HTMLInputElement
  const type = (name: string, value: string) => fireEvent.change(box(name), { target: { value } })
  const send = (label: string) =>
    act(async () => fireEvent.click(dialog.getByRole('button', { name: label })))
  return { dialog, box, type, send, onSaved }
}

const messageOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

describe('new VPC', () => {
  it('fills the DNS name from the name until the DNS name is typed', async () => {
    const f = await open()
    f.type('Name', 'w')
    f.type('Name', 'web')
    expect(f.box('DNS name').value).toBe('web')
    f.type('DNS name', 'www')
    f.type('Name', 'web2')
    expect(f.box('DNS name').value).toBe('www')
  })

  it('creates with the values given, sending the IPv6 prefix only when there is one', async () => {
    world.mutate.mockResolvedValue(ok({ ...vpc, name: 'web' }))
    const create = async (typed: Record<string, string>, body: object) => {
      const f = await open()
      for (const [name, value] of Object.entries(typed)) f.type(name, value)
      await f.send('Create VPC')
      expectSent('vpcCreate', { query: { project: 'mock-project' }, body })
      return f
    }
    const f = await create(
      { Name: 'web', Description: 'front end' },
      { name: 'web', description: 'front end', dnsName: 'web' },
    )
    expect(f.onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'web' }))

    cleanup()
    await create(
      { Name: 'api', 'IPv6 prefix': 'fd12:3456:789a::/48' },
      { name: 'api', description: '', dnsName: 'api', ipv6Prefix: 'fd12:3456:789a::/48' },
    )
  })

  it('refuses a prefix that is not a VPC /48 on its field, sending nothing', async () => {
    const f = await open()
    f.type('Name', 'web')
    f.type('IPv6 prefix', 'fd00::/64')
    await f.send('Create VPC')
    expect(f.box('IPv6 prefix').getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(f.box('IPv6 prefix'))).toContain('Must be a /48 in the unique local range fd00::/8')
    expect(world.mutate).not.toHaveBeenCalled()
  })

  it('a taken name: "VPC name already exists" on the name field, every value kept', async () => {
    world.mutate.mockResolvedValue({
      type: 'error',
      op: 'vpcCreate',
      data: {
        statusCode: 400,
        errorCode: 'ObjectAlreadyExists',
        message: 'already exists: vpc "web"',
        requestId: 'r',
      },
      response: new Response(null, { status: 400 }),
    } as ApiResult<unknown>)
    const f = await open()
    f.type('Name', 'web')
    f.type('Description', 'second try')
    f.type('DNS name', 'www')
    await f.send('Create VPC')
    expect(f.box('Name').getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(f.box('Name'))).toContain('VPC name already exists')
    expect(f.box('Description').value).toBe('second try')
    expect(f.box('DNS name').value).toBe('www')
    expect(f.onSaved).not.toHaveBeenCalled()
  })
})

describe('edit VPC', () => {
  it('starts from the VPC, offers no prefix, and updates it by id', async () => {
    world.mutate.mockResolvedValue(ok({ ...vpc, name: 'web2' }))
    const f = await open({ vpc: 'web' })
    expect(f.box('Name').value).toBe('web')
    expect(f.box('DNS name').value).toBe('web-dns')
    expect(f.dialog.queryByRole('textbox', { name: 'IPv6 prefix' })).toBeNull()
    f.type('Name', 'web2')
    // An existing VPC's DNS name stays as it is.
    expect(f.box('DNS name').value).toBe('web-dns')
    await f.send('Update VPC')
    expectSent('vpcUpdate', {
      path: { vpc: VPC_ID },
      body: { name: 'web2', description: 'front end', dnsName: 'web-dns' },
    })
    expect(f.onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'web2' }))
  })
})
