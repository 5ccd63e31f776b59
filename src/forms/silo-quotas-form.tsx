// Edit a silo's quotas (`/system/silos/{silo}/quotas/edit`, over the quotas tab): CPUs and memory and
// storage in whole GiB, starting from the silo's current quotas; 0 makes a resource unprovisionable.
// The same three fields are the quotas of the silo create form (QuotaFields in silo-form.tsx).
import { css } from 'styled-system/css'
import { SideModalForm } from '../components'
import { useKindReason } from '../hooks/use-action-reason'
import { kinds } from '../ui/kinds'
import { useSideForm } from './side-form'
import {
  QUOTA_RULES,
  QUOTAS_WRITE,
  type QuotaValues,
  quotaValues,
  siloViewParams,
  updateQuotas,
} from './silo'
import { QuotaFields } from './silo-form'
import { WhenLoaded } from './when-loaded'

type Props = { silo: string; onDismiss: () => void }

export function SiloQuotasForm({ silo, onDismiss }: Props) {
  return (
    <WhenLoaded
      endpoint="siloQuotasView"
      params={siloViewParams(silo)}
      title="Edit quotas"
      subtitle={silo}
      onDismiss={onDismiss}
    >
      {(quotas) => <QuotasFields silo={silo} current={quotaValues(quotas)} onDismiss={onDismiss} />}
    </WhenLoaded>
  )
}

function QuotasFields({ silo, current, onDismiss }: Props & { current: QuotaValues }) {
  const reason = useKindReason(kinds.silo, QUOTAS_WRITE)
  const { form, modal } = useSideForm<QuotaValues>({
    id: 'silo-quotas-edit',
    initial: current,
    rules: QUOTA_RULES,
    submit: (values) => updateQuotas(silo, values),
    done: () => `Quotas of ${silo} updated`,
    title: 'Edit quotas',
    subtitle: silo,
    submitLabel: 'Update quotas',
    disabledReason: reason(),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>
        CPUs and memory are used by running instances, storage by disks and snapshots. A quota of 0 means the
        resource cannot be provisioned.
      </p>
      <QuotaFields form={form} />
    </SideModalForm>
  )
}
