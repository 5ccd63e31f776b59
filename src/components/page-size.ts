// Page sizes of every list (spec section 9: default 50). A module of their own: the route tree reads
// them at match time, and importing them must not bring the pagination footer (and its tooltip) along.
export const DEFAULT_PAGE_SIZE = 50
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const
