// The full-page instance create form (`/projects/{project}/instances-new`, issue 12). The form loads
// with its route, not with the instances list.
import { InstanceCreateForm } from '../../forms/instance-create'
import { useRouteParams } from '../../route-context'

export default function InstanceCreatePage() {
  const { project } = useRouteParams('project')
  // A new project remounts the form: its values name that project's disks, VPCs and floating IPs.
  return <InstanceCreateForm key={project} project={project} />
}
