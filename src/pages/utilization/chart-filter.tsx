// The charts' one filter (the system page's silo, the silo page's project): a select of the names at
// hand with "All …" first, its choice kept in the URL (`?silo=`, `?project=`) so a reload keeps it.
import type { ReactNode } from 'react'
import { Select } from '../../components/FormField'
import { pickFilter, useSearchParam } from './time-window'

export function useChartFilter(
  param: string,
  { label, all }: { label: string; all: string },
  names: readonly string[] | undefined,
): { picked: string | undefined; control: ReactNode } {
  const [value, setValue] = useSearchParam(param)
  const picked = pickFilter(value, names)
  // While the names load, the chosen one is offered alone, so the select shows it.
  const offered = names ?? (picked ? [picked] : [])
  const control = (
    <Select
      label={label}
      value={picked ?? ''}
      onChange={(e) => setValue(e.target.value || null)}
      options={[{ value: '', label: all }, ...offered.map((n) => ({ value: n, label: n }))]}
    />
  )
  return { picked, control }
}
