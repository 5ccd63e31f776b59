import { describe, expect, it } from 'vitest'
import {
  AUTO_RESTART_CHOICES,
  autoRestartPolicyLabel,
  autoRestartPolicyOf,
  cooldownLabel,
  externalIpKind,
  isUuid,
  nicAddresses,
  serialConsoleCommand,
  shellQuote,
} from './helpers'

describe('serialConsoleCommand', () => {
  it('is the oxide CLI command with project and instance', () => {
    expect(serialConsoleCommand('mock-project', 'db1')).toBe(
      'oxide instance serial console --project mock-project --instance db1',
    )
  })

  it('quotes a word a shell would split or run', () => {
    expect(serialConsoleCommand("a b'; rm -rf ~", 'db1')).toBe(
      `oxide instance serial console --project 'a b'\\''; rm -rf ~' --instance db1`,
    )
    expect(shellQuote('$(id)')).toBe(`'$(id)'`)
    expect(shellQuote('')).toBe(`''`)
  })
})

describe('isUuid', () => {
  it('takes ids and leaves names', () => {
    expect(isUuid('0b9a0e7f-2d4c-4f1a-9c3e-1d2e3f4a5b6c')).toBe(true)
    expect(isUuid('0B9A0E7F-2D4C-4F1A-9C3E-1D2E3F4A5B6C')).toBe(true)
    expect(isUuid('db1')).toBe(false)
    expect(isUuid('0b9a0e7f-2d4c-4f1a-9c3e-1d2e3f4a5b6c-x')).toBe(false)
  })
})

describe('nicAddresses', () => {
  it('lists v4, v6 and both of a dual stack, IPv4 first', () => {
    expect(nicAddresses({ ipStack: { type: 'v4', value: { ip: '172.30.0.5', transitIps: [] } } })).toEqual([
      '172.30.0.5',
    ])
    expect(nicAddresses({ ipStack: { type: 'v6', value: { ip: 'fd00::5', transitIps: [] } } })).toEqual([
      'fd00::5',
    ])
    expect(
      nicAddresses({
        ipStack: {
          type: 'dual_stack',
          value: { v4: { ip: '172.30.0.5', transitIps: [] }, v6: { ip: 'fd00::5', transitIps: [] } },
        },
      }),
    ).toEqual(['172.30.0.5', 'fd00::5'])
  })
})

describe('externalIpKind', () => {
  it('names SNAT with its port range', () => {
    expect(
      externalIpKind({ kind: 'snat', ip: '192.0.2.1', ipPoolId: 'p', firstPort: 0, lastPort: 16383 }),
    ).toBe('SNAT (ports 0–16383)')
    expect(externalIpKind({ kind: 'ephemeral', ip: '192.0.2.1', ipPoolId: 'p' })).toBe('ephemeral')
  })
})

describe('auto-restart', () => {
  it('names the configured policy, or the default with what it means', () => {
    expect(autoRestartPolicyLabel({ autoRestartPolicy: 'best_effort', autoRestartEnabled: true })).toBe(
      'Best effort',
    )
    expect(autoRestartPolicyLabel({ autoRestartPolicy: 'never', autoRestartEnabled: false })).toBe('Never')
    expect(autoRestartPolicyLabel({ autoRestartPolicy: null, autoRestartEnabled: true })).toBe(
      'Default (restarts on failure)',
    )
    expect(autoRestartPolicyLabel({ autoRestartEnabled: false })).toBe(
      'Default (does not restart on failure)',
    )
  })

  it('says whether a cooldown runs and until when', () => {
    const now = new Date('2025-01-01T12:00:00Z')
    const iso = (d: Date) => d.toISOString()
    expect(cooldownLabel({ autoRestartCooldownExpiration: null }, iso, now)).toBe('None: may restart at once')
    expect(cooldownLabel({ autoRestartCooldownExpiration: new Date('2025-01-01T11:00:00Z') }, iso, now)).toBe(
      'None: may restart at once',
    )
    expect(cooldownLabel({ autoRestartCooldownExpiration: new Date('2025-01-01T13:00:00Z') }, iso, now)).toBe(
      'Until 2025-01-01T13:00:00.000Z',
    )
  })
})

describe('auto-restart policy choices', () => {
  it('offers the API enum with readable labels, and the default as no policy', () => {
    expect(AUTO_RESTART_CHOICES.map((c) => c.value)).toEqual(['', 'best_effort', 'never'])
    expect(AUTO_RESTART_CHOICES.map((c) => c.label)).toEqual([
      'Default (the control plane decides)',
      'Best effort',
      'Never',
    ])
    expect(autoRestartPolicyOf('best_effort')).toBe('best_effort')
    expect(autoRestartPolicyOf('never')).toBe('never')
    expect(autoRestartPolicyOf('')).toBeNull()
    expect(autoRestartPolicyOf('sometimes')).toBeNull()
  })
})
