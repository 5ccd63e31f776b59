// Settings > SSH keys: name, description, created; view (read-only with copy) and delete. The add
// form (`/settings/ssh-keys-new`) and the view (`/settings/ssh-keys/{sshKey}/edit`) are child
// routes: their side modals open in this list's outlet, over the list, which stays mounted.
import type { SshKey } from '../../api/types'
import { createdColumn, descriptionColumn, nameColumn } from '../../components/columns'
import { ResourceList } from '../../components/ResourceList'
import { defineColumns } from '../../components/Table'
import { useListGo } from '../../hooks/use-list-go'
import { lists } from '../../lists'
import { paths } from '../../paths'
import { rowDelete } from '../../ui/delete'
import { kinds } from '../../ui/kinds'
import { copyAndSay } from '../../ui/row-actions'

const columns = defineColumns<SshKey>([
  // The name opens the key's view over the list, keeping the list's page in the URL.
  nameColumn({ href: (k) => paths.sshKeyEdit({ sshKey: k.name }), keepQuery: true }),
  descriptionColumn(),
  createdColumn(),
])

const deleteSshKey = rowDelete(
  kinds.sshKey,
  'currentUserSshKeyDelete',
  'currentUserSshKeyList',
  (key: SshKey) => ({ path: { sshKey: key.id } }),
)

export default function SshKeysPage() {
  const go = useListGo()
  // The user's own keys: no role is needed (the list's default reason), only a link.
  return (
    <ResourceList
      list={lists.sshKeys}
      columns={columns}
      create={{ label: 'Add SSH key', to: paths.sshKeysNew() }}
      empty="Keys you add here can be placed on new instances so you can sign in to them over SSH."
      actions={(k) => [
        { label: 'View', onSelect: () => go(paths.sshKeyEdit({ sshKey: k.name })) },
        {
          label: 'Copy public key',
          onSelect: () => copyAndSay(k.publicKey, 'Public key copied'),
        },
      ]}
      remove={{ run: deleteSshKey }}
    />
  )
}
