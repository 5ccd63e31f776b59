// One page of a list, with its position in the URL (`?page=<token>&limit=<n>&sort=name_descending`), so
// a reload or a shared link keeps the page, and previous/next of visited pages paint from cache
// (offline-first issue). Sorting is the API's `sort_by`, so the order holds across pages (issue 10);
// the default order is the API's own (name ascending where it sorts by name) and stays out of the URL
// and of the request, so it shares its cache entries with every other reader of the list.
import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useList } from '../../storage'
import type { ApiParams, ApiResponse, ListOperationName } from '../api/types'
import { DEFAULT_PAGE_SIZE } from '../components/page-size'
import { atPageSize, listPosition } from '../lists'
import { PREV_PAGES_KEY } from '../tab-keys'

/** page token -> the token of the page before it, per list, remembered for the tab's session. */
function prevMap(listKey: string): Record<string, string> {
  try {
    const all = JSON.parse(sessionStorage.getItem(PREV_PAGES_KEY) ?? '{}') as Record<
      string,
      Record<string, string>
    >
    return all[listKey] ?? {}
  } catch {
    return {}
  }
}
function rememberPrev(listKey: string, token: string, prev: string) {
  try {
    const all = JSON.parse(sessionStorage.getItem(PREV_PAGES_KEY) ?? '{}') as Record<
      string,
      Record<string, string>
    >
    all[listKey] = { ...all[listKey], [token]: prev }
    sessionStorage.setItem(PREV_PAGES_KEY, JSON.stringify(all))
  } catch {
    // sessionStorage full or unavailable: Previous then falls back to the first page.
  }
}

export type NameSort = 'name_ascending' | 'name_descending'

export function useListPage<N extends ListOperationName>(
  endpoint: N,
  params: ApiParams<N>,
  opts: { sortByName?: boolean } = {},
) {
  const [pathname, navigate] = useLocation()
  const search = useSearch()
  const sp = useMemo(() => new URLSearchParams(search), [search])
  // The page and its size as the route's prefetch reads them from the same URL.
  const { limit: pageSize, pageToken } = listPosition(search)
  const sort: NameSort | undefined = opts.sortByName
    ? sp.get('sort') === 'name_descending'
      ? 'name_descending'
      : 'name_ascending'
    : undefined
  const sortBy = sort === 'name_descending' ? { sortBy: sort } : {}
  const listKey = `${endpoint}:${JSON.stringify(params)}:${pageSize}:${sort ?? ''}`

  const result = useList(endpoint, atPageSize<N>(params, pageSize, sortBy), pageToken)
  const data = result.data as (ApiResponse<N> & { items: unknown[]; nextPage?: string | null }) | undefined

  const go = useCallback(
    (token: string | null, limit = pageSize, order = sort) => {
      const next = new URLSearchParams(search)
      if (token) next.set('page', token)
      else next.delete('page')
      if (limit !== DEFAULT_PAGE_SIZE) next.set('limit', String(limit))
      else next.delete('limit')
      if (order === 'name_descending') next.set('sort', order)
      else next.delete('sort')
      const qs = next.toString()
      navigate(qs ? `${pathname}?${qs}` : pathname)
    },
    [navigate, pathname, search, pageSize, sort],
  )

  // The API (dropshot) gives a next_page token whenever a page has rows; a page shorter than the
  // limit is the last one all the same, so Next is not offered for an empty page after it.
  const items = data?.items ?? []
  const nextPage = items.length >= pageSize ? (data?.nextPage ?? null) : null
  return {
    ...result,
    items: items as ApiResponse<N> extends { items: (infer I)[] } ? I[] : never,
    pageToken,
    /** The API's order of the rows (undefined: the endpoint does not sort by name). */
    sort,
    /** A new order starts from the first page: a page token carries the order it was made for. */
    setSort: (order: NameSort) => go(null, pageSize, order),
    pagination: {
      pageSize,
      hasPrev: pageToken !== null,
      hasNext: nextPage !== null,
      onNext: () => {
        if (!nextPage) return
        rememberPrev(listKey, nextPage, pageToken ?? '')
        go(nextPage)
      },
      onPrev: () => go(pageToken ? prevMap(listKey)[pageToken] || null : null),
      onPageSizeChange: (size: number) => go(null, size),
    },
  }
}
