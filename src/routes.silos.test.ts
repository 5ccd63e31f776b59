// The silo subtree (issue 15, spec section 2): the list with its form, a silo's page whose index is its
// identity providers, the providers' create form and read-only view over that tab, and the quotas tab
// with its edit form.
import { describe, expect, it } from 'vitest'
import { paths } from './paths'
import { matchPath } from './routes'

const S = '/system/silos'
const names = (pathname: string) => matchPath(pathname)?.route.name

describe('silo routes', () => {
  it('matches every path of spec section 2 to its node', () => {
    expect(names(S)).toBe('silos')
    expect(names('/system/silos-new')).toBe('silosNew')
    expect(names(`${S}/research/idps`)).toBe('siloIdps')
    expect(names(`${S}/research/idps-new`)).toBe('siloIdpsNew')
    expect(names(`${S}/research/idps/saml/okta`)).toBe('siloIdp')
    expect(matchPath(`${S}/research/idps/saml/okta`)?.params).toMatchObject({
      silo: 'research',
      provider: 'okta',
    })
    expect(names(`${S}/research/quotas`)).toBe('siloQuotas')
    expect(names(`${S}/research/quotas/edit`)).toBe('siloQuotasEdit')
    expect(names(`${S}/research/fleet-roles`)).toBe('siloFleetRoles')
  })

  it('builds the paths the screens link to', () => {
    expect(paths.silo({ silo: 'research' })).toBe(`${S}/research`)
    expect(paths.siloIdp({ silo: 'research', provider: 'okta' })).toBe(`${S}/research/idps/saml/okta`)
    expect(paths.siloQuotasEdit({ silo: 'research' })).toBe(`${S}/research/quotas/edit`)
  })
})
