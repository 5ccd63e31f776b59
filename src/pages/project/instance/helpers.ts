// Pure formatting for the instance page and the instance lookups (unit-tested in helpers.test.ts).
import type { ApiResponse, Instance } from '../../../api/types'

type Nic = ApiResponse<'instanceNetworkInterfaceList'>['items'][number]
type ExternalIp = ApiResponse<'instanceExternalIpList'>['items'][number]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The API's selectors take a UUID as an id and anything else as a name. */
export const isUuid = (value: string): boolean => UUID.test(value)

/**
 * A word as a POSIX shell reads it back: names the API accepts pass as they are, and anything else (a
 * project param typed into the URL, say) is single-quoted so a pasted command cannot run more.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9._:/=@-]+$/.test(word)) return word
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/** The oxide CLI's interactive serial console for an instance (docs.oxide.computer/cli). */
export function serialConsoleCommand(project: string, instance: string): string {
  return `oxide instance serial console --project ${shellQuote(project)} --instance ${shellQuote(instance)}`
}

/** The private addresses of a network interface, IPv4 first. */
export function nicAddresses(nic: Pick<Nic, 'ipStack'>): string[] {
  const stack = nic.ipStack
  switch (stack.type) {
    case 'v4':
    case 'v6':
      return [stack.value.ip]
    case 'dual_stack':
      return [stack.value.v4.ip, stack.value.v6.ip]
  }
}

/** The kind of an external IP as the networking tab names it. */
export function externalIpKind(ip: ExternalIp): string {
  return ip.kind === 'snat' ? `SNAT (ports ${ip.firstPort}–${ip.lastPort})` : ip.kind
}

/** The auto-restart policy as configured; without one the control plane's default applies. */
export function autoRestartPolicyLabel(
  instance: Pick<Instance, 'autoRestartPolicy' | 'autoRestartEnabled'>,
): string {
  const effective = instance.autoRestartEnabled ? 'restarts on failure' : 'does not restart on failure'
  switch (instance.autoRestartPolicy) {
    case 'best_effort':
      return 'Best effort'
    case 'never':
      return 'Never'
    default:
      return `Default (${effective})`
  }
}

/** Where the auto-restart cooldown stands: over (or never started), or until when it runs. */
export function cooldownLabel(
  instance: Pick<Instance, 'autoRestartCooldownExpiration'>,
  formatDate: (d: Date) => string,
  now: Date = new Date(),
): string {
  const until = instance.autoRestartCooldownExpiration
  if (!until || until.getTime() <= now.getTime()) return 'None: may restart at once'
  return `Until ${formatDate(until)}`
}

type AutoRestartPolicy = NonNullable<Instance['autoRestartPolicy']>

/**
 * The choices of the policy select, the API's enum with readable labels; the empty value is no
 * policy of the instance's own (the control plane's default applies).
 */
export const AUTO_RESTART_CHOICES: readonly { value: AutoRestartPolicy | ''; label: string }[] = [
  { value: '', label: 'Default (the control plane decides)' },
  { value: 'best_effort', label: 'Best effort' },
  { value: 'never', label: 'Never' },
]

/** The policy a choice of the select stands for: none of its own for the empty choice. */
export function autoRestartPolicyOf(choice: string): AutoRestartPolicy | null {
  const found = AUTO_RESTART_CHOICES.find((c) => c.value === choice && c.value !== '')
  return found ? (found.value as AutoRestartPolicy) : null
}
