// Why a machine refuses an action, asked of a snapshot as a value (no xstate needed here): allowed,
// busy with another action (the refusal says so instead of blaming the state), or the action's own
// refusal text. The instance and disk machines share it.

/** A refusal text, or null when `snapshot` accepts `action`. */
export function refusalOf<A extends string>(
  // Method syntax: a snapshot whose `can` takes the machine's wider event union fits.
  snapshot: { can(event: { type: A }): boolean; value: unknown },
  action: A,
  busyReason: string,
  refusals: Record<A, string>,
): string | null {
  if (snapshot.can({ type: action })) return null
  if ((snapshot.value as { activity?: unknown }).activity !== 'idle') return busyReason
  return refusals[action]
}
