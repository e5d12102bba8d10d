export type FlagProps = {
  /** ISO 3166 alpha-2 code, or `GLOBAL` for the global fallback flag. */
  code: string
  /** Country name for assistive technology; omit when the name is shown next to it. */
  label?: string
  size?: number
  className?: string
}

const REGIONAL_A = 0x1f1e6

/** The emoji flag of a two-letter code (regional indicator pair); 🌐 for the global fallback. */
export function flagEmoji(code: string): string {
  const upper = code.toUpperCase()
  if (!/^[A-Z]{2}$/.test(upper)) return '🌐'
  return String.fromCodePoint(REGIONAL_A + upper.charCodeAt(0) - 65, REGIONAL_A + upper.charCodeAt(1) - 65)
}

/** A country flag (SPEC §3: country shown as a flag). */
export function Flag({ code, label, size = 20, className }: FlagProps) {
  return (
    <span
      className={['vc-flag', className].filter(Boolean).join(' ')}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ fontSize: size, lineHeight: 1 }}
      data-code={code}
    >
      {flagEmoji(code)}
    </span>
  )
}
