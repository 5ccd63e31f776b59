// How most side forms end once sent: a toast says what was done, and the form closes (its route goes
// back to the list or page under it).
import { toast } from '../components'
import { type FormValues, type UseFormOptions, useForm } from '../hooks/use-form'

export type SideFormOptions<V extends FormValues, R> = Omit<UseFormOptions<V, R>, 'onSuccess'> & {
  /** The success toast, from what came back and what was sent. */
  done: (saved: R | undefined, values: V) => string
  onDismiss: () => void
}

/** useForm for a side form that, once sent, says so in a toast and closes. */
export function useSideForm<V extends FormValues, R = unknown>({
  done,
  onDismiss,
  ...opts
}: SideFormOptions<V, R>) {
  return useForm<V, R>({
    ...opts,
    onSuccess: (saved, values) => {
      toast.success(done(saved, values))
      onDismiss()
    },
  })
}
