// @vitest-environment jsdom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bulkUploadMachine } from '../../../machines/bulk-upload.machine'
import { deviceLoginMachine } from '../../../machines/device-login.machine'
import { diskMachine } from '../../../machines/disk.machine'
import { activeNodeIds, eventLabel, machineEdges, Statechart } from './statechart'

describe('statechart helpers', () => {
  it('labels built-in events readably', () => {
    expect(eventLabel('SUBMIT')).toBe('SUBMIT')
    expect(eventLabel('')).toBe('always')
    expect(eventLabel('xstate.after.pollDelay.disk.run.creating.waiting')).toBe('after pollDelay')
    expect(eventLabel('xstate.done.actor.confirmCode')).toBe('done: confirmCode')
    expect(eventLabel('xstate.error.actor.confirmCode')).toBe('error: confirmCode')
  })

  it('finds every targeted transition of the device login machine', () => {
    const edges = machineEdges(deviceLoginMachine).map((e) => `${e.from} -${e.label}-> ${e.to}`)
    expect(edges).toEqual(
      expect.arrayContaining([
        'deviceLogin.editing -SUBMIT-> deviceLogin.submitting',
        'deviceLogin.submitting -done: confirmCode-> deviceLogin.success',
        'deviceLogin.submitting -error: confirmCode-> deviceLogin.editing',
      ]),
    )
    // Targetless transitions (box edits) draw no arrow.
    expect(edges.some((e) => e.includes('INPUT'))).toBe(false)
  })

  it('includes eventless (always) transitions', () => {
    const edges = machineEdges(bulkUploadMachine)
    expect(edges).toContainEqual({ from: 'bulkUpload.preparing', to: 'bulkUpload.creating', label: 'always' })
  })

  it('marks the active states of a parallel value', () => {
    const ids = activeNodeIds(diskMachine.root, { run: 'attached', activity: 'idle' })
    expect([...ids].sort()).toEqual([
      'disk',
      'disk.activity',
      'disk.activity.idle',
      'disk.run',
      'disk.run.attached',
    ])
  })

  it('draws a box per state and highlights the current one', () => {
    const { container, getByRole } = render(
      <Statechart machine={deviceLoginMachine} value="submitting" label="Device login chart" />,
    )
    expect(getByRole('img', { name: 'Device login chart' })).toBeTruthy()
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent)
    expect(labels).toEqual(expect.arrayContaining(['editing', 'submitting', '◉ success', 'SUBMIT']))
    const submitting = [...container.querySelectorAll('g')].find(
      (g) => g.querySelector('text')?.textContent === 'submitting',
    )
    expect(submitting?.querySelector('rect')?.getAttribute('stroke')).toBe('#3fb68b')
    const editing = [...container.querySelectorAll('g')].find(
      (g) => g.querySelector('text')?.textContent === 'editing',
    )
    expect(editing?.querySelector('rect')?.getAttribute('stroke')).toBe('currentColor')
  })
})
