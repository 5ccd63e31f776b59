// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { linkColumn } from './list-table'

type Row = { name: string }
const row: Row = { name: 'mock-idp' }

function cellOf(keepQuery: boolean) {
  const column = linkColumn<Row>({ name: (r) => r.name, href: (r) => `/idps/saml/${r.name}`, keepQuery })
  const location = memoryLocation({ path: '/idps?limit=10' })
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {column.cell(row)}
    </Router>,
  )
  return screen.getByRole('link', { name: 'mock-idp' })
}

afterEach(cleanup)

describe('linkColumn', () => {
  it("a link that opens a view over the table keeps the table's query (its page and size)", () => {
    expect(cellOf(true).getAttribute('href')).toBe('/idps/saml/mock-idp?limit=10')
  })

  it('a link to another page does not', () => {
    expect(cellOf(false).getAttribute('href')).toBe('/idps/saml/mock-idp')
  })
})
