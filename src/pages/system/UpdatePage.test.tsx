// @vitest-environment jsdom
// The update status as an operator reads it: no target set, automatic update suspended, and the
// system asking for support each say so in words; the components' counts read against the target.
import '../../components/test-helpers'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StatusDetails } from './UpdatePage'
import type { UpdateStatus } from './update'

afterEach(cleanup)

const status = (over: Partial<UpdateStatus>): UpdateStatus => ({
  componentsByReleaseVersion: { '16.0.0': 29, '15.1.0': 2 },
  contactSupport: false,
  suspended: false,
  targetRelease: { version: '16.0.0', timeRequested: new Date('2025-06-02T22:20:00Z') },
  timeLastStepPlanned: new Date('2025-06-03T16:00:00Z'),
  ...over,
})

describe('StatusDetails', () => {
  it('shows the target, an active update and the components against the target', () => {
    render(<StatusDetails status={status({})} />)
    expect(screen.getByText('16.0.0', { selector: 'dd > span' })).toBeTruthy()
    expect(screen.getByText('Active')).toBeTruthy()
    expect(screen.getByText('29 of 31 components run the target release.')).toBeTruthy()
    expect(screen.queryAllByRole('note')).toEqual([])
  })

  it('says when no target is set, when the update is suspended and when support is needed', () => {
    render(
      <StatusDetails
        status={status({
          targetRelease: null,
          suspended: true,
          contactSupport: true,
          componentsByReleaseVersion: { 'install dataset': 31 },
        })}
      />,
    )
    expect(screen.getByText('None set: the system does not manage its software versions')).toBeTruthy()
    expect(screen.getByText('Suspended')).toBeTruthy()
    expect(screen.getByText('31 components; no target release has been set.')).toBeTruthy()
    expect(screen.getByText('Initial install')).toBeTruthy()
    const notes = screen.getAllByRole('note').map((n) => n.textContent)
    expect(notes).toHaveLength(2)
    expect(notes[0]).toMatch(/needs Oxide support/)
    expect(notes[1]).toMatch(/Automatic update is suspended/)
  })
})
