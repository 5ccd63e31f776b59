// A sled's page (issue 15, spec section 2: its index redirects to the instances tab): what the sled
// is (ID, baseboard, rack and slot, usable threads and RAM, policy, provision policy, state), the
// "Set provision policy" action, and its tabs (instances placed on it, its physical disks). A sled that
// does not exist is Page not found; offline with nothing cached says so.
import { Button } from '../../../components'
import { Detail, Details, IdValue, monoValue } from '../../../components/Details'
import { ResourcePage } from '../../../components/ResourcePage'
import { views } from '../../../lists'
import { paths } from '../../../paths'
import { useRouteParams } from '../../../route-context'
import { formatBytes, formatNumber } from '../../../util/bytes'
import { HardwareStateBadge, PolicyBadge } from './columns'
import { SET_PROVISION_POLICY, useProvisionPolicyAction } from './provision-policy'
import { provisionPolicyLabel, type Sled } from './sled'

function SledDetails({ sled }: { sled: Sled }) {
  return (
    <Details>
      <Detail label="ID">
        <IdValue id={sled.id} label="sled ID" />
      </Detail>
      <Detail label="Serial">
        <span className={monoValue}>{sled.baseboard.serial}</span>
      </Detail>
      <Detail label="Part">
        <span className={monoValue}>{sled.baseboard.part}</span>
      </Detail>
      <Detail label="Revision">{sled.baseboard.revision}</Detail>
      <Detail label="Rack">
        <IdValue id={sled.rackId} label="rack ID" />
      </Detail>
      <Detail label="Slot">{sled.slot ?? '—'}</Detail>
      <Detail label="Usable hardware threads">{formatNumber(sled.usableHardwareThreads)}</Detail>
      <Detail label="Usable physical RAM">{formatBytes(sled.usablePhysicalRam)}</Detail>
      <Detail label="Policy">
        <PolicyBadge policy={sled.policy} />
      </Detail>
      <Detail label="Provision policy">{provisionPolicyLabel(sled)}</Detail>
      <Detail label="State">
        <HardwareStateBadge state={sled.state} />
      </Detail>
    </Details>
  )
}

export default function SledPage() {
  const { sledId } = useRouteParams('sledId')
  const policy = useProvisionPolicyAction()
  return (
    <>
      <ResourcePage
        resource={views.sled}
        label={(sled) => sled.baseboard.serial}
        kindInTitle
        actions={(sled) => (
          <Button size="sm" disabledReason={policy.reasonFor(sled)} onClick={() => policy.open(sled)}>
            {SET_PROVISION_POLICY}
          </Button>
        )}
        tabs={() => [
          { label: 'Instances', href: paths.sledInstances({ sledId }) },
          { label: 'Disks', href: paths.sledDisks({ sledId }) },
        ]}
      >
        {(sled) => <SledDetails sled={sled} />}
      </ResourcePage>
      {policy.dialog}
    </>
  )
}
