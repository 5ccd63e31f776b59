// PWA registration through workbox-window. A waiting new version shows a toast "A new version is
// available" with a Reload action; reload happens once, after the new worker takes control.
//
// Loaded only after the first screen has painted (src/first-screen.ts, bootstrap.ts), and registers
// only when the screen is settled again: while this chunk loaded, the screen may have turned busy.
import { Workbox } from 'workbox-window'
import { toast } from './components/toast-queue'
import { firstScreenPainted } from './first-screen'

export const NEW_VERSION = 'A new version is available'

export function registerPwa() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    toast.info(NEW_VERSION, undefined, {
      action: {
        label: 'Reload',
        onClick: () => {
          // Reload only when the new worker controls the page, and only once: no reload loop.
          let reloaded = false
          wb.addEventListener('controlling', () => {
            if (reloaded) return
            reloaded = true
            window.location.reload()
          })
          wb.messageSkipWaiting()
        },
      },
    })
  })
  // A browser may refuse the worker (private windows, storage turned off, an automated browser that
  // blocks workers): the app then works online only, which is no reason for an uncaught error.
  void firstScreenPainted()
    .then(() => wb.register())
    .catch((e: unknown) => console.warn('The service worker did not register; the app works online only', e))
}
