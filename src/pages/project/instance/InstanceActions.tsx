// The instance page's header actions: start, stop, reboot, resize and delete, each enabled or refused
// by the instance machine (with offline and the role first, through the one action-reason hook). Stop
// and delete are confirmed; a deleted instance leaves its page for the instances list. The resize is
// the shared ResizeDialog (the instances list's rows open it too).
import { useState } from 'react'
import { useLocation } from 'wouter'
import type { InstanceAction } from '../../../../machines/instance.states'
import type { Instance } from '../../../api/types'
import { Button, toast } from '../../../components'
import { confirmAction, confirmDelete, errorMessage } from '../../../components/confirm-queue'
import { useRunningActions } from '../../../hooks/live-actions'
import { useKindReason } from '../../../hooks/use-action-reason'
import { performInstanceAction } from '../../../hooks/use-instance-actor'
import { paths } from '../../../paths'
import { kinds } from '../../../ui/kinds'
import { toastDeleted } from '../../../ui/row-actions'
import { instanceRowRefusal } from '../../../ui/row-state'
import { ResizeDialog } from './ResizeDialog'

export function InstanceActions({ project, instance }: { project: string; instance: Instance }) {
  // An action starting or settling on this instance changes what the others allow (busy, new state).
  useRunningActions()
  const [, navigate] = useLocation()
  const [resizing, setResizing] = useState(false)
  const reason = useKindReason(kinds.instance, 'managing instances')
  const why = (action: InstanceAction) => reason(instanceRowRefusal(instance, action))
  const { name } = instance
  const run = (action: 'START' | 'REBOOT', verb: string) =>
    void performInstanceAction(instance, action).catch((e: unknown) =>
      toast.error(`Could not ${verb} ${name}`, errorMessage(e)),
    )
  const stop = () =>
    confirmAction({
      title: `Stop ${name}`,
      content: `Stopping ${name} shuts down its guest. Its disks and addresses are kept.`,
      actionLabel: 'Stop',
      actionType: 'danger',
      errorTitle: `Could not stop ${name}`,
      run: () => performInstanceAction(instance, 'STOP'),
    })
  const remove = () =>
    confirmDelete({
      resourceKind: 'instance',
      name,
      run: async () => {
        await performInstanceAction(instance, 'DELETE')
        toastDeleted(kinds.instance, name)
        navigate(paths.instances({ project }))
      },
    })
  return (
    <>
      <Button size="sm" disabledReason={why('START')} onClick={() => run('START', 'start')}>
        Start
      </Button>
      <Button size="sm" disabledReason={why('STOP')} onClick={stop}>
        Stop
      </Button>
      <Button size="sm" disabledReason={why('REBOOT')} onClick={() => run('REBOOT', 'reboot')}>
        Reboot
      </Button>
      <Button size="sm" disabledReason={why('RESIZE')} onClick={() => setResizing(true)}>
        Resize
      </Button>
      <Button size="sm" variant="danger" disabledReason={why('DELETE')} onClick={remove}>
        Delete
      </Button>
      {resizing && (
        <ResizeDialog project={project} instance={instance} onDismiss={() => setResizing(false)} />
      )}
    </>
  )
}
