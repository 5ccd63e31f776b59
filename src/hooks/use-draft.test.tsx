// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setCacheScope } from '../../storage'
import { discardDraftsExcept, draftable, saveOpenDrafts, useDraft } from './use-draft'

const alice = { userId: 'alice', siloId: 's' }
const bob = { userId: 'bob', siloId: 's' }
const aliceKey = JSON.stringify(['alice', 's'])

function KeyForm() {
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  useDraft('key-form', { name, password }, (saved) => {
    if (typeof saved.name === 'string') setName(saved.name)
    if (typeof saved.password === 'string') setPassword(saved.password)
  })
  return (
    <form>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Password
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
    </form>
  )
}

beforeEach(() => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/settings/ssh-keys-new?x=1')
})

afterEach(() => {
  cleanup()
  setCacheScope(null)
})

describe('useDraft', () => {
  it('brings typed values back once, for the same user on the same path, without the password', () => {
    setCacheScope(alice)
    const first = render(<KeyForm />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'laptop' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'hunter2' } })
    // What the 401 handler does before it wipes and redirects.
    saveOpenDrafts(aliceKey)
    first.unmount()
    expect(JSON.stringify(Object.values(sessionStorage))).not.toContain('hunter2')

    render(<KeyForm />)
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'laptop')
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '')
    cleanup()
    // Taken: a second visit starts empty.
    render(<KeyForm />)
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '')
  })

  it('another path or another user gets nothing', () => {
    setCacheScope(alice)
    const first = render(<KeyForm />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'laptop' } })
    saveOpenDrafts(aliceKey)
    first.unmount()

    window.history.replaceState(null, '', '/settings/ssh-keys-new')
    const other = render(<KeyForm />)
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '')
    other.unmount()

    window.history.replaceState(null, '', '/settings/ssh-keys-new?x=1')
    setCacheScope(bob)
    discardDraftsExcept(JSON.stringify(['bob', 's']))
    render(<KeyForm />)
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '')
    cleanup()
    setCacheScope(alice)
    render(<KeyForm />)
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '')
  })

  it('never keeps passwords, secrets or files', () => {
    const file = new File(['k'], 'id.pub')
    expect(
      draftable({
        name: 'n',
        password: 'p',
        newPassword: 'p',
        clientSecret: 's',
        key: file,
        files: [file, 'x'],
        nested: { passphrase: 'p', ok: 1 },
        bytes: new Uint8Array([1]),
      }),
    ).toEqual({ name: 'n', files: ['x'], nested: { ok: 1 } })
  })
})
