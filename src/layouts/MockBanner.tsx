// In-browser mock mode (spec section 1): a sticky "technical preview" banner with a "Learn more"
// modal, so nobody mistakes the mock's demo data for a real rack.
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Modal } from '../components/Modal'
import { S } from '../strings'

export function MockBanner() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <aside
        aria-label="Mock mode"
        className={css({
          position: 'sticky',
          top: 0,
          zIndex: 'banner',
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'center',
          gap: '2',
          py: '1.5',
          px: '4',
          fontSize: 'sm',
          bg: 'notice.bg',
          color: 'notice.fg',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        <span>Rack Console {S.mockBanner}: the API is mocked in your browser.</span>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={css({ textDecoration: 'underline', cursor: 'pointer', fontWeight: 'medium' })}
        >
          {S.learnMore}
        </button>
      </aside>
      <Modal open={open} onDismiss={() => setOpen(false)} title={`About the ${S.mockBanner}`} width="medium">
        <div className={css({ display: 'grid', gap: '3', fontSize: 'sm' })}>
          <p>
            This build answers every API call inside your browser, from a mock of the platform API with demo
            data (a service worker intercepts the requests). Nothing reaches a real rack.
          </p>
          <p>
            Changes you make live in this tab's memory and are gone on reload. Sign in as fleet-admin,
            silo-viewer or no-role with the password oxide to see each role.
          </p>
          <p>To use a real API, run the production build with npm start and API_URL set.</p>
        </div>
      </Modal>
    </>
  )
}
