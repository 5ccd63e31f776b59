// Device login (spec sections 2, 4, 5): eight letter boxes with a dash shown after the fourth, and
// "Log in on device". The device-login machine owns the boxes and the submit rules; this page only
// turns keyboard and clipboard events into machine events and moves focus where the machine says.
// The page needs a signed-in user: it asks who is signed in on arrival, and a 401 (from that or
// from the confirm) sends the user to login and back here (the client's 401 handling).
import { useActorRef, useSelector } from '@xstate/react'
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { fromPromise } from 'xstate'
import { type ConfirmCodeInput, deviceLoginMachine } from '../../../machines/device-login.machine'
import { registerActor } from '../../../machines/live-actors'
import { api } from '../../api/client'
import { Button } from '../../components'
import { devActorOptions } from '../../hooks/dev-inspect'
import { paths } from '../../paths'
import { S } from '../../strings'
import { CODE_LENGTH, DASH_AFTER_INDEX } from '../../util/device-code'

const liveDeviceLoginMachine = deviceLoginMachine.provide({
  actors: {
    confirmCode: fromPromise<unknown, ConfirmCodeInput>(async ({ input }) => {
      const r = await api.call('deviceAuthConfirm', { body: { userCode: input.userCode } })
      if (r.type !== 'success') throw new Error(S.deviceCodeInvalid)
      return r.data
    }),
  },
})

const box = css({
  w: '10',
  h: '12',
  textAlign: 'center',
  fontSize: 'xl',
  fontFamily: 'mono',
  textTransform: 'uppercase',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.input',
  color: 'fg.default',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focus', outlineOffset: '1px' },
  '&[aria-invalid=true]': { borderColor: 'danger.solid' },
})

export const INCOMPLETE_REASON = 'Enter all 8 characters of the code'

export default function DeviceVerifyPage() {
  const [, navigate] = useLocation()
  const actor = useActorRef(liveDeviceLoginMachine, devActorOptions())
  const boxes = useSelector(actor, (s) => s.context.boxes)
  const focus = useSelector(actor, (s) => s.context.focus)
  const error = useSelector(actor, (s) => s.context.error)
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'SUBMIT' }))
  const pending = useSelector(actor, (s) => s.matches('submitting'))
  const done = useSelector(actor, (s) => s.status === 'done')
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const errorId = useId()
  const promptId = useId()

  useEffect(() => (import.meta.env.DEV ? registerActor('device login', actor) : undefined), [actor])

  // Signed out? Any 401 sends the user to login with a way back here.
  useEffect(() => {
    void api.call('currentUserView', {})
  }, [])

  // Focus follows the machine (after a letter, a paste or a backspace on an empty box).
  useEffect(() => {
    const el = inputs.current[focus]
    if (el && document.activeElement !== el && document.activeElement?.closest('[data-device-code]'))
      el.focus()
  }, [focus])

  useEffect(() => {
    if (done) navigate(paths.deviceSuccess())
  }, [done, navigate])

  function onKeyDown(index: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace') {
      e.preventDefault()
      actor.send({ type: 'BACKSPACE', index })
    } else if (e.key === 'ArrowLeft' && index > 0) {
      e.preventDefault()
      inputs.current[index - 1]?.focus()
    } else if (e.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      e.preventDefault()
      inputs.current[index + 1]?.focus()
    }
  }

  function onPaste(index: number, e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault()
    actor.send({ type: 'PASTE', index, text: e.clipboardData.getData('text') })
  }

  // Spec 4: disabled until all eight are filled, while the request is pending and after success.
  const disabledReason = done
    ? S.deviceSuccessTitle
    : pending
      ? 'Confirming the code'
      : canSubmit
        ? undefined
        : INCOMPLETE_REASON

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'SUBMIT' })
      }}
      className={css({ display: 'grid', gap: '6', justifyItems: 'center' })}
    >
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{S.deviceTitle}</h1>
        <p id={promptId} className={css({ color: 'fg.muted', mt: '2' })}>
          {S.devicePrompt}
        </p>
      </div>
      <fieldset
        data-device-code
        aria-describedby={error ? `${promptId} ${errorId}` : promptId}
        className={css({ display: 'flex', alignItems: 'center', gap: '2', border: 'none', p: '0', m: '0' })}
      >
        <legend className={css({ srOnly: true })}>Device code</legend>
        {boxes.map((value, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the eight boxes are fixed positions
          <span key={index} className={css({ display: 'contents' })}>
            <input
              ref={(el) => {
                inputs.current[index] = el
              }}
              className={box}
              aria-label={`Character ${index + 1} of ${CODE_LENGTH}`}
              aria-invalid={error ? true : undefined}
              value={value}
              inputMode="text"
              autoCapitalize="characters"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              // biome-ignore lint/a11y/noAutofocus: the code boxes are the only thing to do on this page
              autoFocus={index === 0}
              readOnly={pending || done}
              onChange={(e) => actor.send({ type: 'INPUT', index, value: e.target.value })}
              onKeyDown={(e) => onKeyDown(index, e)}
              onPaste={(e) => onPaste(index, e)}
              onFocus={(e) => {
                actor.send({ type: 'FOCUS', index })
                e.target.select()
              }}
            />
            {index === DASH_AFTER_INDEX && (
              <span aria-hidden="true" className={css({ fontSize: 'xl', color: 'fg.muted', px: '1' })}>
                -
              </span>
            )}
          </span>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {error}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        loading={pending}
        {...(disabledReason ? { disabledReason } : {})}
      >
        {S.deviceSubmit}
      </Button>
    </form>
  )
}
