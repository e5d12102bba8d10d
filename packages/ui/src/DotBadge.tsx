import type { ReactNode } from 'react'

export type DotBadgeProps = {
  /** Shows the red dot. */
  show: boolean
  /** Said to screen readers when the dot shows, e.g. "reward to claim". */
  label: string
  children: ReactNode
}

/** Wraps content with a small red dot at its top end corner (e.g. something to claim). */
export function DotBadge({ show, label, children }: DotBadgeProps) {
  return (
    <span className="vc-dot-badge">
      {children}
      {show ? (
        <span className="vc-dot-badge__dot" data-testid="red-dot">
          <span className="vc-visually-hidden">{label}</span>
        </span>
      ) : null}
    </span>
  )
}
