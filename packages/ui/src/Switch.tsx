import { useId } from 'react'

export type SwitchProps = {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  /** Help text under the label, linked with aria-describedby. */
  description?: string
  disabled?: boolean
}

/** An on/off setting: a button with role="switch" and its visible label. */
export function Switch({ label, checked, onChange, description, disabled }: SwitchProps) {
  const id = useId()
  const labelId = `vc-switch-${id}-label`
  const descriptionId = `vc-switch-${id}-description`
  return (
    <div className="vc-switch">
      <div className="vc-switch__text">
        <span id={labelId} className="vc-switch__label">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="vc-switch__description">
            {description}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        className="vc-switch__control"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="vc-switch__thumb" aria-hidden="true" />
      </button>
    </div>
  )
}
