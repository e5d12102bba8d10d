import { useEffect, useId, useRef } from 'react'
import type { ReactNode } from 'react'

export type BlockingOverlayProps = {
  title: string
  message: string
  /** Decorative; rendered with aria-hidden. */
  icon?: ReactNode
}

/**
 * Covers the whole page (e.g. during server maintenance). While mounted the page cannot scroll
 * and focus sits on the overlay; nothing behind it can be reached.
 */
export function BlockingOverlay({ title, message, icon }: BlockingOverlayProps) {
  const titleId = useId()
  const messageId = useId()
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const { body } = document
    const previousOverflow = body.style.overflow
    body.style.overflow = 'hidden'
    return () => {
      body.style.overflow = previousOverflow
    }
  }, [])

  useEffect(() => {
    ref.current?.focus()
  }, [])

  return (
    <div className="vc-overlay">
      <div
        ref={ref}
        className="vc-overlay__panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        tabIndex={-1}
        onKeyDown={(event) => {
          // Nothing inside can take focus: keep Tab from leaving the overlay.
          if (event.key === 'Tab') event.preventDefault()
        }}
      >
        {icon ? (
          <div className="vc-overlay__icon" aria-hidden="true">
            {icon}
          </div>
        ) : null}
        <h1 id={titleId} className="vc-overlay__title">
          {title}
        </h1>
        <p id={messageId} className="vc-overlay__message">
          {message}
        </p>
      </div>
    </div>
  )
}
