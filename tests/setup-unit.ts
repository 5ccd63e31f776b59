// Shared set-up for vitest. IndexedDB for storage tests comes from fake-indexeddb.
import 'fake-indexeddb/auto'
