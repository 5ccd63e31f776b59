// Edit a silo's quotas (`/system/silos/{silo}/quotas/edit`, over the quotas tab): CPUs and memory and
// storage in whole GiB, starting from the silo's current quotas; 0 makes a resource unprovisionable.
// The same three fields are the quotas of the silo create form (QuotaFields in silo-form.tsx).
import { css } from 'styled-system/css'
import { useResource } from '../../storage'
import { SideModal, Skeleton, toast } from '../components'
import { useForm } from '../hooks/use-form'
import { QueryError } from '../ui/QueryError'
import { QUOTA_RULES, type QuotaValues, quotaValues, siloViewParams, updateQuotas } from './silo'
import { FleetSideForm, QuotaFields } from './silo-form'

type Props = { silo: string; onDismiss: () => void }

export function SiloQuotasForm({ silo, onDismiss }: Props) {
  const view = useResource('siloQuotasView', siloViewParams(silo))
  // The values start from the silo's quotas: the form mounts once they are known.
  if (view.data) return <QuotasFields silo={silo} current={quotaValues(view.data)} onDismiss={onDismiss} />
  return (
    <SideModal open onDismiss={onDismiss} title="Edit quotas" subtitle={silo} cancelLabel="Close">
      {view.error ? <QueryError error={view.error} /> : <Skeleton />}
    </SideModal>
  )
}

function QuotasFields({ silo, current, onDismiss }: Props & { current: QuotaValues }) {
  const form = useForm<QuotaValues>({
    id: 'silo-quotas-edit',
    initial: current,
    rules: QUOTA_RULES,
    op: 'siloQuotasUpdate',
    submit: (values) => updateQuotas(silo, values),
    onSuccess: () => {
      toast.success(`Quotas of ${silo} updated`)
      onDismiss()
    },
  })
  return (
    <FleetSideForm
      form={form}
      what="changing quotas"
      title="Edit quotas"
      subtitle={silo}
      submitLabel="Update quotas"
      onDismiss={onDismiss}
    >
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>
        CPUs and memory are used by running instances, storage by disks and snapshots. A quota of 0 means the
        resource cannot be provisioned.
      </p>
      <QuotaFields form={form} />
    </FleetSideForm>
  )
}
