// A list and its form routes share the list's query (`?page=&limit=`): opening a form from the list
// and closing it again keep the page the operator was on.
import { useLocation, useSearch } from 'wouter'
import { withSearch } from '../paths'

/** Navigates to `to`, keeping the current query string. */
export function useListGo(): (to: string) => void {
  const [, navigate] = useLocation()
  const search = useSearch()
  return (to: string) => navigate(withSearch(to, search))
}
