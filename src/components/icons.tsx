import type { ReactNode, SVGProps } from 'react'

// Small inline icon set (24-unit grid, stroked with currentColor). Icons are decorative: the control
// that holds one carries the accessible name, so every icon is aria-hidden.

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number
}

function BaseIcon({ size = 16, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  )
}

function makeIcon(displayName: string, paths: ReactNode) {
  const icon = (props: IconProps) => <BaseIcon {...props}>{paths}</BaseIcon>
  icon.displayName = displayName
  return icon
}

export const InstancesIcon = makeIcon(
  'InstancesIcon',
  <>
    <rect x="3" y="4" width="18" height="7" rx="1.5" />
    <rect x="3" y="13" width="18" height="7" rx="1.5" />
    <path d="M7 7.5h.01M7 16.5h.01" />
  </>,
)
export const DisksIcon = makeIcon(
  'DisksIcon',
  <>
    <ellipse cx="12" cy="6" rx="8" ry="3" />
    <path d="M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6" />
    <path d="M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
  </>,
)
export const SnapshotsIcon = makeIcon(
  'SnapshotsIcon',
  <>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
)
export const ImagesIcon = makeIcon(
  'ImagesIcon',
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="1.5" />
    <path d="m21 16-5-5-9 9" />
  </>,
)
export const NetworkingIcon = makeIcon(
  'NetworkingIcon',
  <>
    <rect x="9" y="3" width="6" height="5" rx="1" />
    <rect x="3" y="16" width="6" height="5" rx="1" />
    <rect x="15" y="16" width="6" height="5" rx="1" />
    <path d="M12 8v4M6 16v-4h12v4" />
  </>,
)
export const FolderIcon = makeIcon(
  'FolderIcon',
  <path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />,
)
export const KeyIcon = makeIcon(
  'KeyIcon',
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
  </>,
)
export const UserIcon = makeIcon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </>,
)
export const SettingsIcon = makeIcon(
  'SettingsIcon',
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
  </>,
)
export const MoreIcon = makeIcon(
  'MoreIcon',
  <>
    <circle cx="5" cy="12" r="1" fill="currentColor" />
    <circle cx="12" cy="12" r="1" fill="currentColor" />
    <circle cx="19" cy="12" r="1" fill="currentColor" />
  </>,
)
export const CopyIcon = makeIcon(
  'CopyIcon',
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
)
export const CheckIcon = makeIcon('CheckIcon', <path d="m5 12 5 5L20 7" />)
export const CloseIcon = makeIcon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />)
export const MenuIcon = makeIcon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />)
export const RefreshIcon = makeIcon(
  'RefreshIcon',
  <>
    <path d="M20 11a8 8 0 0 0-14.9-3M4 13a8 8 0 0 0 14.9 3" />
    <path d="M4 4v4h4M20 20v-4h-4" />
  </>,
)
export const CloudIcon = makeIcon(
  'CloudIcon',
  <path d="M7 18a5 5 0 1 1 .9-9.9A6 6 0 0 1 19 10a4 4 0 0 1-1 8z" />,
)
export const CloudOffIcon = makeIcon(
  'CloudOffIcon',
  <>
    <path d="M9.5 8.2A6 6 0 0 1 19 10a4 4 0 0 1 1.6 7.7M16 18H7a5 5 0 0 1-1.4-9.8" />
    <path d="m3 3 18 18" />
  </>,
)
export const ServerIcon = makeIcon(
  'ServerIcon',
  <>
    <rect x="3" y="3" width="18" height="8" rx="1.5" />
    <rect x="3" y="13" width="18" height="8" rx="1.5" />
    <path d="M7 7h.01M7 17h.01M11 7h6M11 17h6" />
  </>,
)
export const SunIcon = makeIcon(
  'SunIcon',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.4 1.4M17.6 17.6 19 19M5 19l1.4-1.4M17.6 6.4 19 5" />
  </>,
)
export const MoonIcon = makeIcon('MoonIcon', <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />)
export const PlusIcon = makeIcon('PlusIcon', <path d="M12 5v14M5 12h14" />)
export const AlertIcon = makeIcon(
  'AlertIcon',
  <>
    <path d="M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
)
export const SuccessIcon = makeIcon(
  'SuccessIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
)
export const ChartIcon = makeIcon('ChartIcon', <path d="M4 20V4M4 20h16M8 16l4-5 3 3 5-7" />)
