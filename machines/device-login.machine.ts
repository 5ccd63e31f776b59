// Device code flow (spec sections 2, 4, 5, 7): eight letter boxes; the submit is enabled only when all
// eight are filled, and never while the request is pending or after success; the code goes out as
// ABCD-EFGH through the injected `confirmCode` actor (POST /device/confirm, body userCode). Success is
// final (the page then navigates to /device/success); failure shows "Code is invalid" and the boxes
// stay editable. Box editing is the pure logic of src/util/device-code.ts.
//
// The UI: `snapshot.can({ type: 'SUBMIT' })` for the button's enabled state; `snapshot.context.boxes`
// and `.focus` for the boxes; `snapshot.matches('submitting')` for the loading state;
// `snapshot.status === 'done'` (state `success`) to navigate.
import { assign, fromPromise, setup } from 'xstate'
import { S } from '../src/strings'
import {
  applyBackspace,
  applyInput,
  applyPaste,
  CODE_LENGTH,
  emptyBoxes,
  formatCode,
  isComplete,
} from '../src/util/device-code'

export type DeviceLoginEvent =
  | { type: 'INPUT'; index: number; value: string }
  | { type: 'PASTE'; index: number; text: string }
  | { type: 'BACKSPACE'; index: number }
  | { type: 'FOCUS'; index: number }
  | { type: 'SUBMIT' }

export type DeviceLoginContext = {
  boxes: string[]
  focus: number
  /** S.deviceCodeInvalid after a failed confirm; cleared when the code is edited or sent again. */
  error: string | null
}

export type ConfirmCodeInput = { userCode: string }

const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < CODE_LENGTH

export const deviceLoginMachine = setup({
  types: {
    context: {} as DeviceLoginContext,
    events: {} as DeviceLoginEvent,
  },
  actors: {
    confirmCode: fromPromise<unknown, ConfirmCodeInput>(async () => {
      throw new Error('confirmCode was not provided to the device-login machine')
    }),
  },
  guards: {
    complete: ({ context }) => isComplete(context.boxes),
    validIndex: ({ event }) => 'index' in event && inRange(event.index),
  },
  actions: {
    edit: assign(({ context, event }) => {
      const r =
        event.type === 'INPUT'
          ? applyInput(context.boxes, event.index, event.value)
          : event.type === 'PASTE'
            ? applyPaste(context.boxes, event.index, event.text)
            : event.type === 'BACKSPACE'
              ? applyBackspace(context.boxes, event.index)
              : null
      if (!r) return {}
      const changed = r.boxes.some((b, i) => b !== context.boxes[i])
      return { boxes: r.boxes, focus: r.focus, error: changed ? null : context.error }
    }),
    focus: assign({ focus: ({ event }) => (event.type === 'FOCUS' ? event.index : 0) }),
  },
}).createMachine({
  id: 'deviceLogin',
  initial: 'editing',
  context: { boxes: emptyBoxes(), focus: 0, error: null },
  states: {
    editing: {
      on: {
        INPUT: { guard: 'validIndex', actions: 'edit' },
        PASTE: { guard: 'validIndex', actions: 'edit' },
        BACKSPACE: { guard: 'validIndex', actions: 'edit' },
        FOCUS: { guard: 'validIndex', actions: 'focus' },
        SUBMIT: { guard: 'complete', target: 'submitting', actions: assign({ error: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context }) => ({ userCode: formatCode(context.boxes) }),
        onDone: { target: 'success' },
        onError: { target: 'editing', actions: assign({ error: S.deviceCodeInvalid }) },
      },
    },
    success: { type: 'final' },
  },
})

export type DeviceLoginMachine = typeof deviceLoginMachine
