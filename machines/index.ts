// The machines: the single source of truth for what each lifecycle allows and when to poll.
// Pure logic; I/O is injected with `machine.provide({ actors })`.
export * from './bulk-upload.machine'
export * from './connectivity.machine'
export * from './device-login.machine'
export * from './disk.machine'
export * from './instance.machine'
export * from './live-actors'
export * from './shared'
