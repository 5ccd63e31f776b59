// After a device code was confirmed (spec section 2): "Device logged in", "You can close this window".
import { css } from 'styled-system/css'
import { SuccessIcon } from '../../components'
import { S } from '../../strings'

export default function DeviceSuccessPage() {
  return (
    <div className={css({ display: 'grid', gap: '3', justifyItems: 'center' })}>
      <SuccessIcon size={40} className={css({ color: 'accent.fg' })} />
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{S.deviceSuccessTitle}</h1>
      <p className={css({ color: 'fg.muted' })}>{S.deviceSuccessBody}</p>
    </div>
  )
}
