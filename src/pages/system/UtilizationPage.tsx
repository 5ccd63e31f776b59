// The fleet's utilization (issue 16): what every silo has provisioned against the silos' quotas and
// the fleet's estimated capacity (from its sleds, spec section 9), a per-silo table, and the history
// over time for the whole fleet or one silo.
import { css, cx } from 'styled-system/css'
import { useList } from '../../../storage'
import type { Schema } from '../../api/types'
import { Button } from '../../components/Button'
import { CacheStatus } from '../../components/CacheStatus'
import { ChartIcon } from '../../components/icons'
import { PageHeader } from '../../components/PageHeader'
import { ResourceLink } from '../../components/ResourceLink'
import { type Column, Table } from '../../components/Table'
import { Tooltip } from '../../components/Tooltip'
import { ALL } from '../../lists'
import { paths } from '../../paths'
import { ResourceFallback } from '../../ui/ResourceFallback'
import { type CapacityEstimate, capacityDerivation, capacityEstimate } from '../../util/capacity'
import { CapacityBars } from '../utilization/CapacityBars'
import { useChartFilter } from '../utilization/chart-filter'
import { available, RESOURCES, sumCounts } from '../utilization/resources'
import { UtilizationCharts } from '../utilization/UtilizationCharts'

type SiloUtilization = Schema<'SiloUtilization'>

// Every sled and every silo in one request each: the totals and the estimate need all of them.
const EVERY = { query: ALL }

const heading = css({ fontSize: 'md', fontWeight: 'semibold' })
const headingRow = css({ display: 'flex', alignItems: 'center', gap: '3', mb: '3' })
const muted = css({ color: 'fg.muted', fontSize: 'xs' })
const derivation = css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' })

const columns: Column<SiloUtilization>[] = [
  {
    id: 'silo',
    header: 'Silo',
    cell: (row) => <ResourceLink href={paths.silo({ silo: row.siloName })}>{row.siloName}</ResourceLink>,
  },
  ...RESOURCES.map(
    (r): Column<SiloUtilization> => ({
      id: r.key,
      header: `${r.title} (provisioned / quota)`,
      cell: (row) => (
        <>
          {r.format(row.provisioned[r.key])} / {r.format(row.allocated[r.key])}
          <div className={muted}>
            {r.format(available(row.allocated[r.key], row.provisioned[r.key]))} available
          </div>
        </>
      ),
    }),
  ),
]

/** The button whose tooltip says how the capacity figures were computed. */
function HowEstimated({ estimate }: { estimate: CapacityEstimate | undefined }) {
  if (!estimate) return null
  return (
    <Tooltip
      placement="bottom"
      content={
        <ul className={derivation}>
          {capacityDerivation(estimate).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
    >
      <Button size="sm" variant="ghost">
        How is capacity estimated?
      </Button>
    </Tooltip>
  )
}

export default function SystemUtilizationPage() {
  const sleds = useList('sledList', EVERY)
  const silos = useList('siloUtilizationList', EVERY)
  const rows = silos.data?.items
  const estimate = sleds.data && capacityEstimate(sleds.data.items)
  const figures = rows &&
    estimate && {
      provisioned: sumCounts(rows.map((r) => r.provisioned)),
      quota: sumCounts(rows.map((r) => r.allocated)),
      capacity: estimate,
    }
  // A silo named in the URL that is not (or no longer) in the list scopes nothing: all silos.
  const filter = useChartFilter(
    'silo',
    { label: 'Silo', all: 'All silos' },
    rows?.map((r) => r.siloName),
  )
  const { picked } = filter
  const shown = picked ? rows?.filter((r) => r.siloName === picked) : rows
  const failed = [silos, sleds].find((q) => !q.data && !q.isLoading)
  return (
    <>
      <PageHeader
        title="Utilization"
        icon={<ChartIcon />}
        actions={
          <CacheStatus
            {...silos}
            isRevalidating={silos.isRevalidating || sleds.isRevalidating}
            onRefresh={() => void Promise.all([silos.refresh(), sleds.refresh()])}
          />
        }
      />
      <section aria-labelledby="fleet-capacity">
        <div className={headingRow}>
          <h2 id="fleet-capacity" className={heading}>
            Capacity
          </h2>
          <HowEstimated estimate={estimate} />
        </div>
        {failed ? (
          <ResourceFallback
            view={failed}
            offlineBody="The fleet's utilization is not cached on this device."
          />
        ) : (
          <CapacityBars figures={figures} quotaLabel="Allocated" />
        )}
      </section>
      <section aria-labelledby="silo-utilization" className={css({ mb: '6' })}>
        <h2 id="silo-utilization" className={cx(heading, css({ mb: '3' }))}>
          Silos
        </h2>
        <Table
          label="Utilization by silo"
          columns={columns}
          rows={rows ?? []}
          rowKey={(r) => r.siloId}
          loading={silos.isLoading}
        />
      </section>
      <UtilizationCharts
        view={`system:${picked ?? ''}`}
        scope={{ endpoint: 'systemMetric', silo: picked }}
        quota={shown && sumCounts(shown.map((r) => r.allocated))}
        subject={picked ? `Silo ${picked}` : 'All silos'}
        controls={filter.control}
      />
    </>
  )
}
