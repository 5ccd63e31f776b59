// Why writes are unavailable right now, or undefined when they are allowed. Mutations are never
// queued offline (ARCHITECTURE.md): the button says why it is disabled instead.
import { useConnectivity } from '../../storage'
import { T } from '../strings'

export function useWriteGuard(): string | undefined {
  const { online } = useConnectivity()
  return online ? undefined : T.offline
}
