// Contract cases for networking operations (VPCs, subnets, routers, firewall rules, gateways,
// floating IPs, interfaces, affinity groups). Extended together with mocks/handlers/networking.ts.
import type { CaseTable } from './api'

export const networkingCases: CaseTable = {
  vpcList: (api) => api.call('vpcList', { query: { project: 'mock-project' } }),
  vpcView: (api) => api.call('vpcView', { path: { vpc: 'mock-vpc' }, query: { project: 'mock-project' } }),
}
