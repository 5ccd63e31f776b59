import { defineConfig, defineRecipe, defineSlotRecipe } from '@pandacss/dev'

// Design system: tokens, semantic (themed) tokens and recipes. Dark is the default theme; the light
// theme applies under [data-theme=light] on <html> (src/theme.ts keeps it in sync with the choice).

const button = defineRecipe({
  className: 'btn',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'md',
    fontWeight: 'medium',
    fontSize: 'sm',
    lineHeight: '1',
    cursor: 'pointer',
    borderWidth: '1px',
    borderStyle: 'solid',
    whiteSpace: 'nowrap',
    transition: 'background 120ms, border-color 120ms',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focus', outlineOffset: '2px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    '&[aria-disabled=true]': { opacity: 0.5, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      primary: {
        bg: 'accent.solid',
        color: 'accent.contrast',
        borderColor: 'accent.solid',
        _hover: { bg: 'accent.hover' },
      },
      secondary: {
        bg: 'bg.raised',
        color: 'fg.default',
        borderColor: 'border.default',
        _hover: { bg: 'bg.hover' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        borderColor: 'transparent',
        _hover: { bg: 'bg.hover' },
      },
      danger: {
        bg: 'danger.solid',
        color: 'danger.contrast',
        borderColor: 'danger.solid',
        _hover: { bg: 'danger.hover' },
      },
    },
    size: {
      sm: { h: '7', px: '2.5', fontSize: 'xs' },
      md: { h: '9', px: '3.5' },
      icon: { h: '8', w: '8', px: '0' },
    },
  },
  defaultVariants: { variant: 'secondary', size: 'md' },
})

const badge = defineRecipe({
  className: 'badge',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    borderRadius: 'sm',
    px: '1.5',
    py: '0.5',
    fontSize: 'xs',
    fontFamily: 'mono',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
    whiteSpace: 'nowrap',
  },
  variants: {
    color: {
      default: { bg: 'badge.default.bg', color: 'badge.default.fg' },
      neutral: { bg: 'badge.neutral.bg', color: 'badge.neutral.fg' },
      green: { bg: 'badge.green.bg', color: 'badge.green.fg' },
      red: { bg: 'badge.red.bg', color: 'badge.red.fg' },
      blue: { bg: 'badge.blue.bg', color: 'badge.blue.fg' },
      purple: { bg: 'badge.purple.bg', color: 'badge.purple.fg' },
      notice: { bg: 'badge.notice.bg', color: 'badge.notice.fg' },
    },
  },
  defaultVariants: { color: 'default' },
})

const input = defineRecipe({
  className: 'input',
  base: {
    w: 'full',
    h: '9',
    px: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border.default',
    bg: 'bg.input',
    color: 'fg.default',
    fontSize: 'sm',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focus', outlineOffset: '0' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    '&[aria-invalid=true]': { borderColor: 'danger.solid' },
  },
})

const table = defineSlotRecipe({
  className: 'table',
  slots: ['root', 'head', 'row', 'header', 'cell', 'body', 'actions'],
  base: {
    root: {
      w: 'full',
      borderCollapse: 'separate',
      borderSpacing: 0,
      fontSize: 'sm',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      overflow: 'clip',
    },
    header: {
      textAlign: 'left',
      fontWeight: 'medium',
      fontSize: 'xs',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
      color: 'fg.muted',
      bg: 'bg.raised',
      px: '3',
      h: '9',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
    },
    row: { _hover: { bg: 'bg.hover' } },
    cell: {
      px: '3',
      h: '11',
      borderBottomWidth: '1px',
      borderColor: 'border.subtle',
      color: 'fg.default',
    },
    body: {},
    head: {},
    // The row menu's cell (and its header) stays at the right edge while a wide table scrolls
    // sideways, so every row's actions are in reach without scrolling; opaque, so cells pass under.
    actions: {
      position: 'sticky',
      right: 0,
      bg: 'bg.canvas',
      'tr:hover > &': { bg: 'bg.hover' },
      'th&': { bg: 'bg.raised' },
    },
  },
})

export default defineConfig({
  preflight: true,
  strictTokens: false,
  include: ['./src/**/*.{ts,tsx}', './mocks/browser/**/*.{ts,tsx}'],
  exclude: ['./src/**/*.test.{ts,tsx}'],
  outdir: 'styled-system',
  // Components pick recipe variants from props at run time, which the extractor cannot see: emit all.
  staticCss: {
    recipes: { button: ['*'], badge: ['*'], input: ['*'], table: ['*'] },
  },
  jsxFramework: 'react',
  conditions: {
    extend: {
      light: '[data-theme=light] &',
      dark: '[data-theme=dark] &',
    },
  },
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      fontSize: 'md',
      lineHeight: 'normal',
    },
    // On <html> only: the body and every native control (checkboxes, radios, scrollbars) inherit it,
    // so a light theme draws them light too.
    html: { colorScheme: 'dark' },
    '[data-theme=light]': { colorScheme: 'light' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'accent.focus', outlineOffset: '2px' },
    a: { color: 'inherit' },
  },
  theme: {
    extend: {
      tokens: {
        fonts: {
          body: { value: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
          mono: { value: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace' },
        },
        // Spec section 9: modal widths narrow 24rem, medium 28rem, free 24-48rem; side modal 32rem.
        sizes: {
          modalNarrow: { value: '24rem' },
          modalMedium: { value: '28rem' },
          modalFreeMin: { value: '24rem' },
          modalFreeMax: { value: '48rem' },
          sideModal: { value: '32rem' },
          sidebar: { value: '15rem' },
        },
        zIndex: {
          sidebar: { value: 10 },
          topbar: { value: 20 },
          banner: { value: 30 },
          modal: { value: 40 },
          popover: { value: 50 },
          toast: { value: 60 },
          tooltip: { value: 70 },
        },
      },
      semanticTokens: {
        colors: {
          bg: {
            canvas: { value: { base: '#0d1117', _light: '#ffffff' } },
            raised: { value: { base: '#151b23', _light: '#f6f8fa' } },
            input: { value: { base: '#0d1117', _light: '#ffffff' } },
            hover: { value: { base: '#1c2430', _light: '#eef1f4' } },
            overlay: { value: { base: 'rgba(0,0,0,0.6)', _light: 'rgba(20,24,30,0.35)' } },
            skeleton: { value: { base: '#1e2631', _light: '#e6e9ed' } },
          },
          fg: {
            default: { value: { base: '#e6edf3', _light: '#1a1f24' } },
            muted: { value: { base: '#a0abb8', _light: '#4f5a66' } },
            subtle: { value: { base: '#8b96a3', _light: '#5d6873' } },
          },
          border: {
            default: { value: { base: '#30363d', _light: '#d0d7de' } },
            subtle: { value: { base: '#21262d', _light: '#e6e9ed' } },
          },
          accent: {
            solid: { value: { base: '#3fb68b', _light: '#0f7a55' } },
            hover: { value: { base: '#52c79b', _light: '#0c6446' } },
            contrast: { value: { base: '#06140e', _light: '#ffffff' } },
            fg: { value: { base: '#5ed4a5', _light: '#0b6a49' } },
            focus: { value: { base: '#58a6ff', _light: '#0969da' } },
          },
          danger: {
            solid: { value: { base: '#da3633', _light: '#c42b28' } },
            hover: { value: { base: '#e5534b', _light: '#a40e26' } },
            contrast: { value: { base: '#ffffff', _light: '#ffffff' } },
            fg: { value: { base: '#ff7b72', _light: '#b3261e' } },
          },
          notice: {
            bg: { value: { base: '#2d2410', _light: '#fff8c5' } },
            fg: { value: { base: '#e3b341', _light: '#6b4f00' } },
          },
          badge: {
            default: {
              bg: { value: { base: '#1f2a37', _light: '#e9eef3' } },
              fg: { value: { base: '#c9d4df', _light: '#33404d' } },
            },
            neutral: {
              bg: { value: { base: '#2a313a', _light: '#e1e5ea' } },
              fg: { value: { base: '#b8c2cc', _light: '#3b444d' } },
            },
            green: {
              bg: { value: { base: '#0f2e22', _light: '#dcf5e8' } },
              fg: { value: { base: '#5ed4a5', _light: '#0b5e40' } },
            },
            red: {
              bg: { value: { base: '#3a1618', _light: '#fde4e4' } },
              fg: { value: { base: '#ff8e86', _light: '#9b1c1c' } },
            },
            blue: {
              bg: { value: { base: '#12253d', _light: '#dff0ff' } },
              fg: { value: { base: '#79b8ff', _light: '#0b4f9c' } },
            },
            purple: {
              bg: { value: { base: '#2a1c40', _light: '#efe6ff' } },
              fg: { value: { base: '#c6a6ff', _light: '#5a2fa0' } },
            },
            notice: {
              bg: { value: { base: '#33290d', _light: '#fff3c4' } },
              fg: { value: { base: '#f0c24b', _light: '#6b4f00' } },
            },
          },
        },
      },
      recipes: { button, badge, input },
      slotRecipes: { table },
    },
  },
})
