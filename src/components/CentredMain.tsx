// The page's main landmark with its content alone in the middle: the device pages' layout (spec section
// 2) and the status pages (Page not found, Something went wrong, Not authorized). One frame, so they
// centre alike.
import { createContext, type ReactNode, useContext } from 'react'
import { css, cva, cx } from 'styled-system/css'

const frame = cva({
  base: { display: 'flex', alignItems: 'center', justifyContent: 'center', p: '8' },
  variants: {
    /** The whole screen (a layout of its own), or four fifths of it (a page that may stand in one). */
    height: { screen: { minH: '100vh' }, page: { minH: '80vh' } },
  },
})
const column = css({ maxW: 'modalMedium', textAlign: 'center' })

/** True inside a layout's own main landmark: a status page shown there is not a second main. */
export const InMain = createContext(false)

export function CentredMain({
  height,
  className,
  children,
}: {
  height: 'screen' | 'page'
  /** More style for the column the content stands in. */
  className?: string
  children: ReactNode
}) {
  const inner = <div className={cx(column, className)}>{children}</div>
  return useContext(InMain) ? (
    <div className={frame({ height })}>{inner}</div>
  ) : (
    <main id="main" className={frame({ height })}>
      {inner}
    </main>
  )
}
