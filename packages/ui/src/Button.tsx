import { forwardRef } from 'react'
import type { ButtonHTMLAttributes } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  /** Work in progress: shows a spinner, sets aria-busy and disables the button. */
  busy?: boolean
  /** Full width of its container. */
  block?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', busy = false, block = false, disabled, className, type = 'button', children, ...rest },
  ref,
) {
  const classes = [
    'vc-button',
    `vc-button--${variant}`,
    block ? 'vc-button--block' : undefined,
    busy ? 'vc-button--busy' : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="vc-button__spinner" aria-hidden="true" /> : null}
      <span className="vc-button__label">{children}</span>
    </button>
  )
})
