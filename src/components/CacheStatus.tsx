// Where the data on screen comes from and how old it is: "Updated 12:04:31", a refresh button that
// spins while a revalidation is in flight, a "cached" marker with the age while offline, and "Not
// updated" with the catalogue's message when the last re-read of data on screen failed.
import { css } from 'styled-system/css'
import { formatDuration } from '../util/date'
import { Button } from './Button'
import { RefreshIcon } from './icons'

const notice = css({ color: 'notice.fg' })
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })

export interface CacheStatusProps {
  updatedAt: Date | undefined
  isRevalidating: boolean
  isOffline: boolean
  /** The last read's failure (cleared by the next success); shown only over data already on screen. */
  error?: { message: string } | undefined
  onRefresh: () => void
  now?: number
}

export function CacheStatus({
  updatedAt,
  isRevalidating,
  isOffline,
  error,
  onRefresh,
  now = Date.now(),
}: CacheStatusProps) {
  return (
    <div
      className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' })}
    >
      {updatedAt && (
        <span>
          {isOffline ? (
            <>
              <strong className={notice}>Cached</strong> {formatDuration(now - updatedAt.getTime())} ago ·{' '}
            </>
          ) : error ? (
            <>
              <strong className={notice}>Not updated:</strong> {error.message} ·{' '}
            </>
          ) : null}
          Updated {time.format(updatedAt)}
        </span>
      )}
      <Button
        size="icon"
        variant="ghost"
        aria-label="Refresh"
        loading={isRevalidating}
        disabledReason={isOffline ? 'You are offline' : undefined}
        onClick={onRefresh}
      >
        <RefreshIcon />
      </Button>
    </div>
  )
}
