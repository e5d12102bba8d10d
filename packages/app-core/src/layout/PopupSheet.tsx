import { Sheet } from '@vchat/ui'
import type { ReactNode } from 'react'

export interface PopupSheetProps {
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
}

/** The sheet popup routes open in (loaded with the first popup, not with the landing page). */
export function PopupSheet({ title, closeLabel, onClose, children }: PopupSheetProps) {
  return (
    <Sheet open title={title} onClose={onClose} closeLabel={closeLabel}>
      {children}
    </Sheet>
  )
}
