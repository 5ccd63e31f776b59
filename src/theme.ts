// Theme: dark by default, light available; "system" follows the OS preference. The choice is
// remembered in localStorage and applied as data-theme on <html> (panda conditions read it).
import { useSyncExternalStore } from 'react'

export type ThemeChoice = 'system' | 'dark' | 'light'
const KEY = 'rack-console:theme'
const listeners = new Set<() => void>()

const media = () =>
  typeof window !== 'undefined' && window.matchMedia
    ? window.matchMedia('(prefers-color-scheme: light)')
    : null

export function getThemeChoice(): ThemeChoice {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null
  return v === 'dark' || v === 'light' || v === 'system' ? v : 'system'
}

export function resolveTheme(choice: ThemeChoice = getThemeChoice()): 'dark' | 'light' {
  if (choice !== 'system') return choice
  return media()?.matches ? 'light' : 'dark'
}

export function applyTheme() {
  document.documentElement.dataset.theme = resolveTheme()
  document.documentElement.dataset.themeChoice = getThemeChoice()
}

export function setThemeChoice(choice: ThemeChoice) {
  localStorage.setItem(KEY, choice)
  applyTheme()
  for (const l of listeners) l()
}

export function initTheme() {
  applyTheme()
  media()?.addEventListener('change', () => {
    applyTheme()
    for (const l of listeners) l()
  })
}

export function useTheme() {
  const choice = useSyncExternalStore(
    (cb) => {
      listeners.add(cb)
      return () => listeners.delete(cb)
    },
    getThemeChoice,
    () => 'system' as ThemeChoice,
  )
  return { choice, resolved: resolveTheme(choice), setChoice: setThemeChoice }
}
