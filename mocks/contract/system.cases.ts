// Contract cases for system operations (silos, identity providers, IP pools, hardware, quotas,
// system policy). Extended together with mocks/handlers/system.ts.
import type { CaseTable } from './api'

export const systemCases: CaseTable = {
  siloList: (api) => api.call('siloList'),
  siloView: (api) => api.call('siloView', { path: { silo: 'default-silo' } }),
}
