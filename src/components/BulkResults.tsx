// The results of a bulk action (loaded with the first one): every selected row with what happened to
// it, done, refused with the machine's reason, or failed with the server's message.
import { css } from 'styled-system/css'
import { type BulkResult, resultSummary } from '../ui/bulk'
import { nameColumn } from './columns'
import { Modal } from './Modal'
import { defineColumns, Table } from './Table'

const outcomeColor = { done: 'fg.default', refused: 'fg.muted', failed: 'danger.fg' } as const

const columns = defineColumns<BulkResult>([
  nameColumn(),
  {
    id: 'result',
    header: 'Result',
    // Server text is rendered as text only.
    cell: (r) => <span className={css({ color: outcomeColor[r.outcome] })}>{r.text}</span>,
  },
])

export default function BulkResults(props: { title: string; results: BulkResult[]; onClose: () => void }) {
  return (
    <Modal open title={props.title} width="free" onDismiss={props.onClose} cancelLabel="Done">
      <p className={css({ mb: '3', color: 'fg.muted' })}>{resultSummary(props.results)}</p>
      <Table label="Results" columns={columns} rows={props.results} rowKey={(r) => r.name} />
    </Modal>
  )
}
