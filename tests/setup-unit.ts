// Shared set-up for vitest. IndexedDB for storage tests comes from fake-indexeddb.
import 'fake-indexeddb/auto'

// findBy* and waitFor give up after 1 s by default: on a busy 2-core machine (CI runs two test files
// at once) a menu's select or a toast can take longer. 5 s still fails a test that never gets there.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5_000 })
}
