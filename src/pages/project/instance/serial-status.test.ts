import { describe, expect, it } from 'vitest'
import { INSTANCE_STATES } from '../../../../machines/instance.machine'
import { T } from '../../../strings'
import {
  binaryBytes,
  closeReason,
  consoleRefusal,
  frameBytes,
  inputBytes,
  SERIAL_MOST_RECENT,
  serialStreamUrl,
  statusText,
} from './serial-status'

describe('serialStreamUrl', () => {
  it('is the stream path on the page origin, with project and most_recent', () => {
    expect(
      serialStreamUrl({ protocol: 'http:', host: '127.0.0.1:4173' }, { project: 'p', instance: 'db1' }, 1024),
    ).toBe('ws://127.0.0.1:4173/v1/instances/db1/serial-console/stream?project=p&most_recent=1024')
  })

  it('uses wss on an https page and replays the default amount of output', () => {
    expect(
      serialStreamUrl({ protocol: 'https:', host: 'rack.example' }, { project: 'p', instance: 'db1' }),
    ).toBe(
      `wss://rack.example/v1/instances/db1/serial-console/stream?project=p&most_recent=${SERIAL_MOST_RECENT}`,
    )
  })

  it('keeps the instance one path segment and the project one query value', () => {
    const url = new URL(
      serialStreamUrl({ protocol: 'http:', host: 'h' }, { project: 'a&b=c', instance: '../x/y?z' }, 1),
    )
    expect(url.pathname).toBe('/v1/instances/..%2Fx%2Fy%3Fz/serial-console/stream')
    expect(url.searchParams.get('project')).toBe('a&b=c')
    expect([...url.searchParams.keys()]).toEqual(['project', 'most_recent'])
  })
})

describe('consoleRefusal', () => {
  it('allows a console exactly in the states of spec section 4', () => {
    const allowed = INSTANCE_STATES.filter((runState) => consoleRefusal({ name: 'db1', runState }) === null)
    expect(allowed.sort()).toEqual(['migrating', 'rebooting', 'repairing', 'running'])
  })

  it('names the instance and its state when refused', () => {
    expect(consoleRefusal({ name: 'web1', runState: 'stopped' })).toBe(
      'The serial console is available when the instance is running. web1 is stopped.',
    )
    expect(consoleRefusal({ name: 'w', runState: 'starting' })).toBe(
      'The serial console is available when the instance is running. w is starting.',
    )
  })
})

describe('statusText', () => {
  it('says Connecting, Connected, or Disconnected with the reason', () => {
    expect(statusText({ kind: 'connecting' })).toBe('Connecting')
    expect(statusText({ kind: 'connected' })).toBe('Connected')
    expect(statusText({ kind: 'disconnected', reason: 'The connection was lost' })).toBe(
      'Disconnected: The connection was lost',
    )
  })
})

describe('closeReason', () => {
  const opened = { opened: true, online: true }
  it('blames the network first when offline', () => {
    expect(closeReason({ code: 1006, reason: 'x' }, { opened: true, online: false })).toBe(T.offline)
  })

  it("shows the server's own reason as given", () => {
    expect(closeReason({ code: 1011, reason: ' <b>instance gone</b> ' }, opened)).toBe('<b>instance gone</b>')
  })

  it('says it could not connect when the upgrade was refused (no open, no detail)', () => {
    expect(closeReason({ code: 1006, reason: '' }, { opened: false, online: true })).toBe(
      'Could not connect to the serial console',
    )
  })

  it('explains the close codes it knows', () => {
    expect(closeReason({ code: 1000, reason: '' }, opened)).toBe('The serial console closed the connection')
    expect(closeReason({ code: 1001, reason: '' }, opened)).toBe('The server is going away')
    expect(closeReason({ code: 1011, reason: '' }, opened)).toBe('The serial console failed')
    expect(closeReason({ code: 1006, reason: '' }, opened)).toBe('The connection was lost')
  })
})

describe('bytes', () => {
  it('reads binary frames, views and text frames alike', () => {
    expect([...frameBytes(Uint8Array.from([104, 105]).buffer)]).toEqual([104, 105])
    const view = new Uint8Array([0, 1, 2, 3]).subarray(1, 3)
    expect([...frameBytes(view)]).toEqual([1, 2])
    expect([...frameBytes('é')]).toEqual([0xc3, 0xa9])
    expect(frameBytes(null).length).toBe(0)
  })

  it('sends typed input as UTF-8 and Enter as a carriage return', () => {
    expect([...inputBytes('hi\r')]).toEqual([104, 105, 13])
    expect([...inputBytes('é')]).toEqual([0xc3, 0xa9])
  })

  it('sends binary input one byte per char code', () => {
    expect([...binaryBytes('\x1b[M\xff')]).toEqual([0x1b, 0x5b, 0x4d, 0xff])
  })
})
