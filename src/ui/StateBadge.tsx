// A lifecycle state as a badge: colour from the UI's table, spinner while transitional (spec 4).
// The xstate-free vocabulary modules: a badge must not load the machines (issue 11).

import { css } from 'styled-system/css'
import { diskStateLabel, isDiskTransitional } from '../../machines/disk.states'
import { isTransitional } from '../../machines/instance.states'
import type { DiskState, InstanceState } from '../api/types'
import { Badge } from '../components/Badge'
import { diskBadgeColor, instanceBadgeColor } from './badges'

const mayWrap = css({ whiteSpace: 'normal' })

export function InstanceStateBadge({ state }: { state: InstanceState }) {
  return (
    <Badge color={instanceBadgeColor[state]} spinner={isTransitional(state)}>
      {state}
    </Badge>
  )
}

/** Underscores display as spaces (spec 4); a long state ("importing from bulk writes") may wrap. */
export function DiskStateBadge({ state }: { state: DiskState }) {
  return (
    <Badge color={diskBadgeColor[state]} spinner={isDiskTransitional(state)} className={mayWrap}>
      {diskStateLabel(state)}
    </Badge>
  )
}
