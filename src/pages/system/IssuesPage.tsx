// The fleet's issues (spec section 2: "issues (empty)"): the API has no operation that reports them,
// so the page says there are none rather than showing made-up rows.
import { AlertIcon, EmptyState, PageHeader } from '../../components'

export default function IssuesPage() {
  return (
    <>
      <PageHeader title="Issues" icon={<AlertIcon />} />
      <EmptyState
        icon={<AlertIcon />}
        title="No issues"
        body="There are no issues with the fleet's hardware or software to report."
      />
    </>
  )
}
