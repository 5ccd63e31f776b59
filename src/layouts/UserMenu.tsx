// The user menu of the signed-in layout (settings, sign out): its own chunk, since ark's menu and its
// positioning are not needed for the first paint.
import { Menu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { UserIcon } from '../components/icons'
import { paths } from '../paths'
import { signOut } from '../session'
import { S } from '../strings'
import { userMenuTrigger } from './user-menu-style'

export default function UserMenu({
  name,
  defaultOpen,
  highlightFirst,
}: {
  name: string
  /** Mounted by the first opening (AuthLayout's plain trigger): open at once. */
  defaultOpen?: boolean
  /** Opened by the keyboard: the first item is highlighted, as ark's trigger does. */
  highlightFirst?: boolean
}) {
  const [, navigate] = useLocation()
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      defaultHighlightedValue={defaultOpen && highlightFirst ? 'settings' : null}
      onSelect={({ value }) => {
        if (value === 'settings') navigate(paths.profile())
        if (value === 'sign-out') void signOut()
      }}
    >
      <Menu.Trigger className={userMenuTrigger} aria-label={`User menu for ${name}`}>
        <UserIcon /> {name}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content
            className={css({
              bg: 'bg.raised',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'md',
              py: '1',
              minW: '40',
              zIndex: 'popover',
              boxShadow: 'lg',
              outline: 'none',
            })}
          >
            {[
              { value: 'settings', label: 'Settings' },
              { value: 'sign-out', label: S.signOut },
            ].map((item) => (
              <Menu.Item
                key={item.value}
                value={item.value}
                className={css({
                  px: '3',
                  py: '1.5',
                  fontSize: 'sm',
                  cursor: 'pointer',
                  _highlighted: { bg: 'bg.hover' },
                })}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
