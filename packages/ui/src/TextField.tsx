import { forwardRef, useId } from 'react'
import type { InputHTMLAttributes } from 'react'

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  /** Validation message: shown with role="alert", marks the input aria-invalid. */
  error?: string
  /** Help text under the input, linked with aria-describedby. */
  hint?: string
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const generatedId = useId()
  const inputId = id ?? `vc-field-${generatedId}`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const hasError = error !== undefined && error !== ''
  const describedByIds = [describedBy, hint ? hintId : undefined, hasError ? errorId : undefined]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={['vc-field', hasError ? 'vc-field--invalid' : undefined, className].filter(Boolean).join(' ')}>
      <label className="vc-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        className="vc-field__input"
        aria-invalid={hasError || undefined}
        aria-describedby={describedByIds === '' ? undefined : describedByIds}
      />
      {hint ? (
        <p id={hintId} className="vc-field__hint">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} role="alert" className="vc-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
})
