export type SpinnerProps = {
  /** Announced to assistive technology, e.g. "Loading". */
  label: string
  className?: string
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span role="status" className={['vc-spinner', className].filter(Boolean).join(' ')}>
      <span className="vc-spinner__circle" aria-hidden="true" />
      <span className="vc-visually-hidden">{label}</span>
    </span>
  )
}
