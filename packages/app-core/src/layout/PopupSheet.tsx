import { Sheet } from '@vchat/ui'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'

export interface PopupSheetProps {
  /** The popup screen shown (a change moves the focus back into the sheet when it was lost). */
  screen: string
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
}

/** The sheet popup routes open in (loaded with the first popup, not with the landing page). */
export function PopupSheet({ screen, title, closeLabel, onClose, children }: PopupSheetProps) {
  const content = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Moving from one popup to the next (log in, then /match) keeps this sheet open while the element
    // that had the focus (the login form's button) is removed: the focus would fall to the page, out
    // of the dialog, and Escape or Tab would no longer reach it. Lost focus goes back to the dialog;
    // focus anywhere else (inside the sheet, or in a dialog opened over it) stays where it is.
    const dialog = content.current?.closest<HTMLElement>('[role="dialog"]')
    const active = document.activeElement
    if (dialog && (!active || active === document.body)) dialog.focus()
  }, [screen])
  return (
    <Sheet open title={title} onClose={onClose} closeLabel={closeLabel}>
      <div ref={content} style={{ display: 'contents' }}>
        {children}
      </div>
    </Sheet>
  )
}
