// sessionStorage keys of the tab's places in the user's lists. Both name the user's resources (page
// tokens carry resource names, scroll positions are keyed by URLs), so the wipe removes them.

/** List page token -> the token of the page before it (hooks/use-list-page.ts). */
export const PREV_PAGES_KEY = 'rack-console:prev-pages'
/** URL -> scroll position (scroll.ts). */
export const SCROLL_KEY = 'rack-console:scroll'
