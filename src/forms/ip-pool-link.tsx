// Linking an IP pool and a silo (issue 15), the one form for both sides: from a pool's linked silos it
// picks a silo, from a silo's IP pools it picks a pool. What is already linked is left out, as are the
// pools reserved for system services (the API refuses to link those). "Make default" asks for the pool
// to be the silo's default for its version and type; a silo that has one already gets the server's
// refusal, shown with the choice kept.

import { useId } from 'react'
import { css } from 'styled-system/css'
import { useList } from '../../storage'
import { Select, SideModalForm } from '../components'
import { useKindReason } from '../hooks/use-action-reason'
import { kinds } from '../ui/kinds'
import {
  allPoolsParams,
  allSilosParams,
  type IpPoolSiloLink,
  type LinkFrom,
  linkPool,
  poolSilosParams,
  siloPoolsParams,
  VERSION_LABELS,
} from './ip-pool'
import { useSideForm } from './side-form'
import { chosen } from './validation'

type Choice = { value: string; label: string }

/** The ones of `all` not linked yet (by id), as choices by name; loading until both lists are known. */
function unlinked<T extends { id: string; name: string }>(
  all: readonly T[] | undefined,
  linkedIds: readonly string[] | undefined,
  label: (item: T) => string,
  offered: (item: T) => boolean = () => true,
): { choices: Choice[]; loading: boolean } {
  const taken = new Set(linkedIds)
  return {
    choices: (all ?? [])
      .filter((x) => offered(x) && !taken.has(x.id))
      .map((x) => ({ value: x.name, label: label(x) })),
    loading: !all || !linkedIds,
  }
}

/** The silos not linked to `pool` yet. */
function useSiloChoices(pool: string) {
  const silos = useList('siloList', allSilosParams).data?.items
  const linked = useList('systemIpPoolSiloList', poolSilosParams(pool)).data?.items
  return unlinked(
    silos,
    linked?.map((l) => l.siloId),
    (s) => s.name,
  )
}

/** The pools for silos that `silo` has not linked yet. */
function usePoolChoices(silo: string) {
  const pools = useList('systemIpPoolList', allPoolsParams).data?.items
  const linked = useList('siloIpPoolList', siloPoolsParams(silo)).data?.items
  return unlinked(
    pools,
    linked?.map((p) => p.id),
    (p) => `${p.name} (${VERSION_LABELS[p.ipVersion]})`,
    (p) => p.assignment === 'silos',
  )
}

const checkboxRow = css({ display: 'flex', alignItems: 'baseline', gap: '2', fontSize: 'sm', mb: '2' })
const help = css({ fontSize: 'xs', color: 'fg.muted' })

export function IpPoolLinkForm({ from, onDismiss }: { from: LinkFrom; onDismiss: () => void }) {
  return 'pool' in from ? (
    <SiloPicker pool={from.pool} onDismiss={onDismiss} />
  ) : (
    <PoolPicker silo={from.silo} onDismiss={onDismiss} />
  )
}

function SiloPicker({ pool, onDismiss }: { pool: string; onDismiss: () => void }) {
  return <LinkFields from={{ pool }} choices={useSiloChoices(pool)} onDismiss={onDismiss} />
}

function PoolPicker({ silo, onDismiss }: { silo: string; onDismiss: () => void }) {
  return <LinkFields from={{ silo }} choices={usePoolChoices(silo)} onDismiss={onDismiss} />
}

function LinkFields({
  from,
  choices,
  onDismiss,
}: {
  from: LinkFrom
  choices: { choices: Choice[]; loading: boolean }
  onDismiss: () => void
}) {
  // From a pool it picks a silo; from a silo, a pool.
  const picks = 'pool' in from ? 'silo' : 'pool'
  const reason = useKindReason(kinds.ipPool, 'linking an IP pool to a silo')
  const helpId = useId()
  const noun = picks === 'silo' ? 'silo' : 'IP pool'
  const { form, modal } = useSideForm<{ other: string; isDefault: boolean }, IpPoolSiloLink>({
    id: `ip-pool-link-${'pool' in from ? `pool-${from.pool}` : `silo-${from.silo}`}`,
    initial: { other: '', isDefault: false },
    rules: { other: chosen(`Choose ${picks === 'silo' ? 'a silo' : 'an IP pool'}`) },
    submit: ({ other, isDefault }) =>
      linkPool(
        'pool' in from ? { pool: from.pool, silo: other } : { pool: other, silo: from.silo },
        isDefault,
      ),
    done: (_link, { other }) => {
      const [pool, silo] = 'pool' in from ? [from.pool, other] : [other, from.silo]
      return `IP pool ${pool} linked to silo ${silo}`
    },
    title: picks === 'silo' ? 'Link silo' : 'Link IP pool',
    subtitle: 'pool' in from ? from.pool : from.silo,
    submitLabel: 'Link',
    disabledReason: reason(),
    onDismiss,
  })
  const empty = !choices.loading && choices.choices.length === 0
  return (
    <SideModalForm {...modal}>
      <Select
        label={picks === 'silo' ? 'Silo' : 'IP pool'}
        required
        placeholder={choices.loading ? 'Loading…' : `Choose ${picks === 'silo' ? 'a silo' : 'an IP pool'}`}
        options={choices.choices}
        {...(empty ? { description: `Every ${noun} is linked already.` } : {})}
        {...form.field('other')}
      />
      <label className={checkboxRow}>
        <input
          type="checkbox"
          checked={form.values.isDefault}
          aria-describedby={helpId}
          onChange={(e) => form.set('isDefault', e.target.checked)}
        />
        Make default
      </label>
      <p id={helpId} className={help}>
        The silo's instances and floating IPs take their addresses from its default pool when they name none.
        A silo has one default pool per IP version and type.
      </p>
    </SideModalForm>
  )
}
