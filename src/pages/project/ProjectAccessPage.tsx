// Project access (GET/PUT /v1/projects/{project}/policy). The silo's assignments are shown too,
// since a silo role applies to every project; each identity shows its strongest role.
import { useResource } from '../../../storage'
import { AccessScreen, usePolicy } from '../../forms/access'
import { useRouteParams } from '../../route-context'
import { ASSIGNABLE_ROLES } from '../../util/roles'

export default function ProjectAccessPage() {
  const { project } = useRouteParams('project')
  const { policy, io } = usePolicy('project', project)
  const silo = useResource('policyView', {})
  return (
    <AccessScreen
      level="project"
      scopeLabel={`project ${project}`}
      policy={policy}
      inherited={{ label: 'the silo', policy: silo }}
      io={io}
      roles={ASSIGNABLE_ROLES}
    />
  )
}
