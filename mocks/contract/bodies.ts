// Request bodies the contract accepts, shared by the mock's HTTP tests that need a resource of a kind
// made without caring how: the smallest instance the API creates.

const GiB = 1024 ** 3

/** An instance with one vCPU, 1 GiB, no NIC and no disk; `extra` adds or overrides fields. */
export const instanceBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: '',
  hostname: name,
  ncpus: 1,
  memory: GiB,
  network_interfaces: { type: 'none' },
  ...extra,
})
