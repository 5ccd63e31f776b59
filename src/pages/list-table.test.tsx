// A tab table's row menu (the subnets, routers and routes of a VPC): Edit, the tab's own items, Copy ID,
// then Delete after a confirm; the role or the row's state disables both writes with one reason, and
// a confirmed Delete removes the row from the cached list and says so.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeConfirmAction, currentConfirm } from '../components/confirm-queue'
import { toast } from '../components/toast-queue'
import { kinds } from '../ui/kinds'
import { editDeleteItems } from './list-table'

const mutate = vi.hoisted(() => vi.fn())
vi.mock('../../storage', () => ({ mutate }))

const row = { id: 'sid', name: 'mock-subnet' }
const menu = (why: string | undefined, go = vi.fn()) =>
  editDeleteItems(
    {
      kind: kinds.subnet,
      why: () => why,
      edit: (r) => `/edit/${r.name}`,
      extra: () => [{ label: 'Network interfaces', onSelect: () => {} }],
      remove: { op: 'vpcSubnetDelete', idParam: 'subnet', list: 'vpcSubnetList' },
    },
    row,
    go,
  )

describe('a tab table row menu', () => {
  afterEach(() => closeConfirmAction())

  it('disables Edit and Delete with the reason, keeps the extra items and Copy ID enabled', () => {
    expect(menu('You are offline').map((i) => [i.label, i.disabledReason])).toEqual([
      ['Edit', 'You are offline'],
      ['Network interfaces', undefined],
      ['Copy ID', undefined],
      ['Delete', 'You are offline'],
    ])
  })

  it('Edit opens the row edit form', () => {
    const go = vi.fn()
    menu(undefined, go)[0]?.onSelect()
    expect(go).toHaveBeenCalledWith('/edit/mock-subnet')
  })

  it('Delete asks first, then deletes the row by its id and says so', async () => {
    mutate.mockResolvedValue({ type: 'success', data: undefined })
    const success = vi.spyOn(toast, 'success')
    menu(undefined)[3]?.onSelect()
    const confirm = currentConfirm()
    expect(confirm?.options.title).toBe('Delete subnet')
    expect(mutate).not.toHaveBeenCalled()
    await confirm?.options.run()
    expect(mutate).toHaveBeenCalledWith(
      'vpcSubnetDelete',
      { path: { subnet: 'sid' } },
      { removes: { id: 'sid' }, invalidates: [{ endpoint: 'vpcSubnetList' }] },
    )
    expect(success).toHaveBeenCalledWith('Subnet mock-subnet deleted')
  })
})
