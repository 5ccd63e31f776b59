// Stable ids of seed rows that several seed files refer to (core, system, networking), derived from
// names so they are the same on every start.
import { uuidFor } from '../lib/ids'

export const DEMO_PASSWORD = 'oxide'

export const seedIds = {
  silo: uuidFor('silo:default-silo'),
  fleetAdmin: uuidFor('user:fleet-admin'),
  siloViewer: uuidFor('user:silo-viewer'),
  noRole: uuidFor('user:no-role'),
  adminGroup: uuidFor('group:admin-group'),
  viewerGroup: uuidFor('group:viewer-group'),
  opsGroup: uuidFor('group:ops'),
  mockProject: uuidFor('project:mock-project'),
  scaleProject: uuidFor('project:scale-project'),
  db1: uuidFor('instance:mock-project/db1'),
  web1: uuidFor('instance:mock-project/web1'),
  youFail: uuidFor('instance:mock-project/you-fail'),
  notThereYet: uuidFor('instance:mock-project/not-there-yet'),
  ipPool1: uuidFor('ip-pool:ip-pool-1'),
  mockIdp: uuidFor('idp:default-silo/mock-idp'),
  rack: uuidFor('rack:0'),
} as const

/** Demo users (all with password `oxide`), for the server banner and tests. */
export const demoUsers = ['fleet-admin', 'silo-viewer', 'no-role'] as const
export const DEMO_SILO = 'default-silo'
