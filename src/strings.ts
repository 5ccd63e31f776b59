// Every user-facing string the spec fixes, quoted byte for byte (console-spec.md). One module so a
// test can check them and a screen never retypes one. Strings of our own design live near their feature.

export const S = {
  // Section 2: general screens
  notFoundTitle: 'Page not found',
  notFoundBody: "The page you are looking for doesn't exist or you may not have access to it.",
  backToConsole: 'Back to console',
  signOut: 'Sign out',
  errorTitle: 'Something went wrong',
  errorBody: 'Please try again. If the problem persists, contact your administrator.',
  rowsPerPage: 'rows per page',
  previous: 'Previous',
  next: 'Next',
  skipToContent: 'Skip to content',

  // Section 2/4/5: device flow
  deviceTitle: 'Device Authentication',
  devicePrompt: 'Enter the code shown on your device',
  deviceSubmit: 'Log in on device',
  deviceSuccessTitle: 'Device logged in',
  deviceSuccessBody: 'You can close this window',
  deviceCodeInvalid: 'Code is invalid',

  // Section 1: mock mode banner
  mockBanner: 'technical preview',
  learnMore: 'Learn more',

  // Section 5: validation
  invalidIp: 'Not a valid IP address',
  networkNeedsWidth: 'Must contain an IP address and a width, separated by a /',
  widthInteger: 'Width must be an integer',
  maxWidthV4: 'Max width for IPv4 is 32',
  maxWidthV6: 'Max width for IPv6 is 128',
  formErrorHeading: (n: number) => (n === 1 ? 'Error' : 'Errors'),
  formErrorCount: (n: number) => `${n} issues:`,

  // Section 6/8: errors
  notAuthorized: 'Action not authorized',
  noGroupNotice:
    'You are not in any groups and have no role on the silo. This usually means the identity provider is not set up correctly.',
  unreadableResponse: 'Error reading API response',
  unknownServerError: 'Unknown server error',
  alreadyExistsSuffix: 'name already exists',
  groupByAligned: 'Input tables to a group_by must be aligned',
  noRouteMatches: 'No route matches URL',
  unableToEncode: 'Unable to encode submission body',
  unexpectedAppError: 'Unexpected Application Error!',

  // Section 2: breadcrumb labels from route labels
  crumbs: {
    projects: 'Projects',
    instances: 'Instances',
    vpcs: 'VPCs',
    silos: 'Silos',
    inventory: 'Inventory',
    sleds: 'Sleds',
    ipPools: 'IP Pools',
    routers: 'Routers',
    routes: 'Routes',
    firewallRules: 'Firewall Rules',
    affinityGroups: 'Affinity Groups',
  },
} as const

// Our own strings shared across features (not fixed by the spec).
export const T = {
  offline: 'You are offline',
  tryAgain: 'Try again',
  // A request that got no answer while the browser says it is online (a timeout, a cut connection):
  // not "offline", and for a write, the server may have done it.
  noAnswer: 'The server did not answer',
  noAnswerToWrite: 'The server did not answer: the change may have been made. Check before sending it again.',
  // Issue 15: the 403 page of the system screens.
  fleetRoleNeeded: 'The system screens need a role on the fleet. Ask a fleet administrator for one.',
  // Issue 9: a sign-out whose logout call did not reach the server.
  signedOutSessionMayBeActive:
    'You are signed out here, but the server could not be reached: your session may still be active. It will be ended when the connection is back.',
  previousSessionNotEnded:
    'The previous session could not be ended yet. Try again when the connection to the server is back.',
  // Issue 9: a new browser session opened offline on a device that holds someone's cached data.
  previousUser: 'the previous user',
  cachedForTitle: (name: string) => `Continue as ${name}?`,
  cachedForBody: (name: string) =>
    `This browser holds console data cached for ${name}. You are offline, so the console cannot check who is signed in. Continue as ${name} to see it, or sign out to remove it from this device.`,
  continueAs: (name: string) => `Continue as ${name}`,
} as const
