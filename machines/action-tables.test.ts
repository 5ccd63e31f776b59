import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DISK_ACTION_TABLE, INSTANCE_ACTION_TABLE } from './__generated__/action-tables'
import { diskActionTable } from './disk.machine'
import { renderActionTables, TABLES_FILE } from './gen-tables'
import { instanceActionTable } from './instance.machine'

// The rows' tables are a copy of what the machines answer; the machines stay the source of truth.
describe('generated action tables', () => {
  it('say what the instance machine allows in each state', () => {
    expect(INSTANCE_ACTION_TABLE).toEqual(instanceActionTable())
  })

  it('say what the disk machine allows in each state', () => {
    expect(DISK_ACTION_TABLE).toEqual(diskActionTable())
  })

  it('are the committed output of the generator (run `npm run gen:machines` after changing a machine)', () => {
    expect(readFileSync(TABLES_FILE, 'utf8')).toBe(renderActionTables())
  })
})
