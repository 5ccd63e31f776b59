import { css } from 'styled-system/css'
import { type ThemeChoice, useTheme } from '../theme'

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
]

/** Theme switch: a radio group, so it is keyboard-operable and announced as one control. */
export function ThemeSwitch() {
  const { choice, setChoice } = useTheme()
  return (
    <fieldset
      className={css({
        display: 'inline-flex',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'md',
        overflow: 'hidden',
        fontSize: 'xs',
      })}
    >
      <legend className={css({ srOnly: true })}>Theme</legend>
      {choices.map((c) => (
        <label
          key={c.value}
          className={css({
            position: 'relative',
            px: '2',
            py: '1',
            cursor: 'pointer',
            color: 'fg.muted',
            '&:has(input:checked)': { bg: 'bg.hover', color: 'fg.default' },
            '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.focus' },
          })}
        >
          <input
            type="radio"
            name="theme"
            value={c.value}
            checked={choice === c.value}
            onChange={() => setChoice(c.value)}
            // Transparent over its label: clickable and focusable, drawn by the label's styles.
            className={css({ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer', m: 0 })}
          />
          {c.label}
        </label>
      ))}
    </fieldset>
  )
}
