// Add a range to an IP pool (`ranges-add`, over the pool's ranges tab): first and last address, each
// checked by the IP rule of spec section 5 ("Not a valid IP address"), then against the pool's version,
// then as a range (one version, last not below first). The server's refusal (an overlap, say) is shown
// with both addresses kept.
import { useResource } from '../../storage'
import { SideModalForm, TextField } from '../components'
import { useKindReason } from '../hooks/use-action-reason'
import { kinds } from '../ui/kinds'
import {
  addRange,
  type IpPool,
  type IpPoolRange,
  poolViewParams,
  type RangeValues,
  rangeErrors,
  rangeText,
  VERSION_LABELS,
} from './ip-pool'
import { useSideForm } from './side-form'
import { requiredIp } from './validation'

const [FIRST, LAST] = [requiredIp('First'), requiredIp('Last')]
const EXAMPLES = { v4: ['192.0.2.10', '192.0.2.20'], v6: ['2001:db8::10', '2001:db8::ff'] } as const

/** The route's form (`ranges-add`): it needs the pool's version, which the pool's page has read already. */
export function IpRangeAddForm({ pool, onDismiss }: { pool: string; onDismiss: () => void }) {
  const data = useResource('systemIpPoolView', poolViewParams(pool)).data
  return data ? <IpRangeForm pool={data} onDismiss={onDismiss} /> : null
}

export function IpRangeForm({ pool, onDismiss }: { pool: IpPool; onDismiss: () => void }) {
  const reason = useKindReason(kinds.ipPoolRange, 'adding a range')
  const [first, last] = EXAMPLES[pool.ipVersion]
  const version = VERSION_LABELS[pool.ipVersion]
  const { form, modal } = useSideForm<RangeValues, IpPoolRange>({
    id: `ip-range-add-${pool.id}`,
    initial: { first: '', last: '' },
    rules: { first: FIRST, last: LAST },
    check: (values) => rangeErrors(values, pool.ipVersion),
    submit: (values) => addRange(pool.name, values),
    done: (added) => added && `Range ${rangeText(added.range)} added to ${pool.name}`,
    draft: true,
    title: 'Add IP range',
    subtitle: pool.name,
    submitLabel: 'Add range',
    disabledReason: reason(),
    onDismiss,
  })
  return (
    <SideModalForm {...modal}>
      <TextField
        label="First"
        required
        spellCheck={false}
        placeholder={first}
        description={`The first ${version} address of the range.`}
        {...form.field('first')}
      />
      <TextField
        label="Last"
        required
        spellCheck={false}
        placeholder={last}
        description="The last address, included; the same as the first for a single address."
        {...form.field('last')}
      />
    </SideModalForm>
  )
}
