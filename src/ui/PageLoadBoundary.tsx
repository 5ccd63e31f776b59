// A page whose code did not arrive (offline before the worker had cached it, or a dropped request on a
// flaky link) is not the app failing: the shell stays, the page's place says why, and the load is asked
// again, by itself once the connection is back, or with Try again. Any other error goes on up to the
// app's "Something went wrong" page.
import { Component, type ReactNode, useEffect, useRef } from 'react'
import { useConnectivity } from '../../storage'
import { EmptyState, OfflineState } from '../components/EmptyState'
import { S } from '../strings'

/**
 * What a page loader throws when its code could not be fetched. `forget` drops the failed load (a lazy
 * component keeps its failure for good), so the next render of the page asks for its code again.
 */
export class PageLoadError extends Error {
  override name = 'PageLoadError'
  constructor(
    cause: unknown,
    readonly forget: () => void,
  ) {
    super(String(cause), { cause })
  }
}

export const PAGE_NOT_ON_DEVICE = 'This page is not on this device yet. It opens once the connection is back.'

type Props = { resetKey: string; children: ReactNode }

export class PageLoadBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  /** The last failure came from a retry the operator asked for (Try again, or the connection back). */
  private asked = false
  override componentDidUpdate(prev: Props) {
    if (prev.resetKey === this.props.resetKey) return
    // Another page: a failure there is its first, never a retry's.
    this.asked = false
    if (this.state.error) this.clear()
  }
  // A retry that fails again while online: the page's code is there, but Chromium keeps a failed module
  // (this page's, or a file it imports) failed for the document's life. A new document asks again.
  override componentDidCatch(error: Error) {
    if (this.asked && error instanceof PageLoadError && navigator.onLine) location.reload()
  }
  // Left with the failure shown (a route without this page): its next visit asks for the code again.
  override componentWillUnmount() {
    const { error } = this.state
    if (error instanceof PageLoadError) error.forget()
  }
  private clear() {
    const { error } = this.state
    if (error instanceof PageLoadError) error.forget()
    this.setState({ error: null })
  }
  retry = () => {
    this.asked = true
    this.clear()
  }
  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    // Not a load failure: the app's error page handles it.
    if (!(error instanceof PageLoadError)) throw error
    return <PageLoadFailed onRetry={this.retry} />
  }
}

function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { online } = useConnectivity()
  // Failed while offline: the page's code is asked again as soon as the connection is back.
  const wasOffline = useRef(!online)
  useEffect(() => {
    if (!online) wasOffline.current = true
    else if (wasOffline.current) onRetry()
  }, [online, onRetry])
  return online ? (
    <EmptyState title={S.errorTitle} body={S.errorBody} action={{ label: 'Try again', onClick: onRetry }} />
  ) : (
    <OfflineState body={PAGE_NOT_ON_DEVICE} />
  )
}
