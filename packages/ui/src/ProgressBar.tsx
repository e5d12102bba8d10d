export type ProgressBarProps = {
  label: string
  /** 0–1; undefined for an unknown amount (indeterminate). */
  value: number | undefined
}

/** A labelled progress bar (role="progressbar", value in percent). */
export function ProgressBar({ label, value }: ProgressBarProps) {
  const percent = value === undefined ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100)
  return (
    <div
      className={`vc-progress${percent === undefined ? ' vc-progress--indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="vc-progress__bar" style={percent === undefined ? undefined : { inlineSize: `${percent}%` }} />
    </div>
  )
}
