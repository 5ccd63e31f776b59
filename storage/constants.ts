// Cache constants. STALE_MS encodes spec section 9 ("queries do not retry, are stale after 2 seconds,
// and do not refetch on window focus"); the rest are our own design.

/** An entry older than this is revalidated when a screen starts observing it (spec section 9). */
export const STALE_MS = 2_000

/** Entries older than this are dropped on start and never served (overridable via configureStorage). */
export const DEFAULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Every IndexedDB database this module creates starts with this prefix (wipeCache deletes them all). */
export const DB_PREFIX = 'rack-console-cache'

/** The database the console uses. */
export const DB_NAME = DB_PREFIX

/** Share of entries evicted (oldest first by fetchedAt) when the browser reports a full quota. */
export const EVICT_FRACTION = 0.25

/** How many last-seen entries are kept in memory for an instant first paint. */
export const MEMO_LIMIT = 300

/**
 * Poll schedule of a resource with a lifecycle while it is transitional (ARCHITECTURE.md, the screen
 * kit): the first poll after POLL_FAST_MS, each next one POLL_FACTOR later, never more than
 * POLL_MAX_MS apart; back to fast when a poll brings a change. The same numbers as machines/shared.ts,
 * which storage must not import.
 */
export const POLL_FAST_MS = 1_000
export const POLL_FACTOR = 1.5
export const POLL_MAX_MS = 10_000

/**
 * How often a list of resources with a lifecycle (instances) is re-read while none of its rows is
 * transitional, so changes made elsewhere show (the reference console polls its instances every 60 s).
 */
export const IDLE_POLL_MS = 60_000
