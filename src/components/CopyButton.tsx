import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { CheckIcon, CopyIcon } from './icons'
import { toast } from './toast-queue'

// Spec 4/9: a copy button shows its confirmation for 2 seconds, then reverts.
export const COPY_CONFIRM_MS = 2000

/** navigator.clipboard first; the old execCommand path for insecure contexts; false if neither works. */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(value)
      return true
    }
  } catch {
    // fall through to the legacy path
  }
  try {
    const area = document.createElement('textarea')
    area.value = value
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    const ok = typeof document.execCommand === 'function' && document.execCommand('copy')
    area.remove()
    return ok
  } catch {
    return false
  }
}

export interface CopyButtonProps {
  value: string
  /** What is copied, for the accessible name: "Copy <label>". */
  label: string
  className?: string
}

const copiedClass = css({ color: 'accent.fg' })

export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  const onClick = async () => {
    const ok = await copyText(value)
    if (!ok) {
      toast.error('Could not copy', 'Select the text and copy it by hand.')
      return
    }
    setCopied(true)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = null
      setCopied(false)
    }, COPY_CONFIRM_MS)
  }

  return (
    <button
      type="button"
      className={cx(
        button({ variant: 'ghost', size: 'icon' }),
        css({ h: '6', w: '6' }),
        copied && copiedClass,
        className,
      )}
      aria-label={copied ? 'Copied' : `Copy ${label}`}
      onClick={onClick}
    >
      {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
    </button>
  )
}
