import { describe, expect, it } from 'vitest'
import { namedPatterns, type RouteNode, routeTree } from './routes'
import type { FormOptions } from './ui/form-route'

type FormNode = { name: string; pattern: string; opts: FormOptions<string, string> }

/** Every node whose code is a form (`form(...)` in the tree), with its full pattern. */
function formNodes(nodes: readonly RouteNode[], base = ''): FormNode[] {
  return nodes.flatMap((n) => {
    const pattern = [base, n.path ?? ''].filter(Boolean).join('/')
    const opts = (n.page as { form?: FormOptions<string, string> } | undefined)?.form
    const own = opts ? [{ name: n.name ?? '(pathless)', pattern, opts }] : []
    return [...own, ...formNodes(n.children ?? [], pattern)]
  })
}

const paramsOf = (pattern: string) => {
  const segs = pattern.split('/').filter((s) => s.startsWith(':'))
  return {
    required: segs.filter((s) => !s.endsWith('?')).map((s) => s.slice(1)),
    any: segs.map((s) => s.slice(1).replace(/\?$/, '')),
  }
}

const forms = formNodes(routeTree as readonly RouteNode[])

describe('form routes of the tree', () => {
  it('are the create, edit and view forms declared with form() (29 nodes)', () => {
    expect(forms.length).toBe(29)
    expect(forms.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'projectsNew',
        'projectEdit',
        'disksNew',
        'silosNew',
        'sshKeysNew',
        'ipPoolRangesAdd',
      ]),
    )
  })

  it.each(forms.map((f) => [f.name, f] as const))('%s: its params, back and opens fit the tree', (_, f) => {
    const own = paramsOf(f.pattern)
    // The params the form takes are the route's own.
    for (const p of f.opts.params) expect(own.required).toContain(p)
    if (f.opts.key) expect(f.opts.params).toContain(f.opts.key)
    // Dismissing goes to a route the form's params fill.
    const back = namedPatterns.get(f.opts.back)
    expect(back, `back: ${f.opts.back}`).toBeDefined()
    for (const p of paramsOf(back ?? '').required) expect(f.opts.params).toContain(p)
    // A save goes on to a route the params and the saved name fill.
    if (f.opts.opens) {
      const to = namedPatterns.get(f.opts.opens.to)
      expect(to, `opens: ${f.opts.opens.to}`).toBeDefined()
      const given = [...f.opts.params, f.opts.opens.param]
      for (const p of paramsOf(to ?? '').required) expect(given).toContain(p)
    }
  })

  it('a create-or-edit form is the same code on both routes, and only the edit route names the resource', () => {
    const byEdit = forms.filter((f) => f.opts.edit)
    expect(byEdit.length).toBe(8)
    for (const f of byEdit) {
      const edit = f.opts.edit ?? ''
      const twin = byEdit.filter((g) => g.opts === f.opts)
      expect(twin.map((g) => paramsOf(g.pattern).any.includes(edit)).sort()).toEqual([false, true])
    }
  })
})
