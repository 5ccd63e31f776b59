// Project access (GET/PUT /v1/projects/{project}/policy). The silo's assignments are shown too,
// since a silo role applies to every project; each identity shows its strongest role.
import { mutate, useResource } from '../../../storage'
import { api } from '../../api/client'
import type { ApiParams } from '../../api/types'
import { AccessScreen, type PolicyIo } from '../../forms/access'
import { useRouteParams } from '../../route-context'
import { ASSIGNABLE_ROLES } from '../../util/roles'

type Body = ApiParams<'projectPolicyUpdate'>['body']

export default function ProjectAccessPage() {
  const { project } = useRouteParams('project')
  const policy = useResource('projectPolicyView', { path: { project } })
  const silo = useResource('policyView', {})
  const io: PolicyIo = {
    viewOp: 'projectPolicyView',
    updateOp: 'projectPolicyUpdate',
    fetch: () => api.call('projectPolicyView', { path: { project } }),
    save: (assignments) =>
      mutate(
        'projectPolicyUpdate',
        { path: { project }, body: { roleAssignments: assignments } as Body },
        { invalidates: [{ endpoint: 'projectPolicyView' }] },
      ),
  }
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
