import { useEffect, useId, useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { getFocusableElements } from './focus'
import { CloseIcon } from './icons'

export type SheetSize = 'sm' | 'md'

export type SheetProps = {
  open: boolean
  /** Heading of the sheet; also its accessible name. */
  title: string
  onClose: () => void
  children?: ReactNode
  /** Accessible name of the close button, e.g. "Close". */
  closeLabel: string
  /** Width of the centred card from the md breakpoint: sm 400 px, md 600 px (default). */
  size?: SheetSize
}

/**
 * Modal pop-up: a bottom sheet on mobile, a centred card from the md breakpoint.
 * Focus moves into it (first element marked `data-autofocus`, else the first focusable element
 * of the content, else the close button), Tab cycles inside, Escape and the backdrop close it,
 * and focus returns to where it was when it closes.
 */
export function Sheet({ open, title, onClose, children, closeLabel, size = 'md' }: SheetProps) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return undefined
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const content = contentRef.current
    const preferred =
      content?.querySelector<HTMLElement>('[data-autofocus]') ??
      (content ? getFocusableElements(content)[0] : undefined) ??
      closeRef.current
    preferred?.focus()
    return () => {
      if (previous?.isConnected) previous.focus()
    }
  }, [open])

  if (!open) return null

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialogRef.current) return
    const focusable = getFocusableElements(dialogRef.current)
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className="vc-sheet-layer">
      <div className="vc-sheet-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        className={`vc-sheet vc-sheet--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="vc-sheet__header">
          <h2 id={titleId} className="vc-sheet__title">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="vc-icon-button vc-sheet__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div ref={contentRef} className="vc-sheet__content">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  )
}
