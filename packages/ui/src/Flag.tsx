import { GlobeIcon } from './icons'

export type FlagProps = {
  /** ISO 3166 alpha-2 code, or `GLOBAL` for the global fallback flag. */
  code: string
  /** Country name for assistive technology; omit when the name is shown next to it. */
  label?: string
  /** Height in CSS pixels (a picture flag is 3:2, so one and a half times as wide). */
  size?: number
  className?: string
  /**
   * The flag as a picture (an SVG URL, e.g. the app's `/flags/<CODE>.svg`). Without it a country shows
   * its emoji flag, which some systems draw as two letters or not at all.
   */
  src?: string
}

const REGIONAL_A = 0x1f1e6

/** The emoji flag of a two-letter code (regional indicator pair); 🌐 for the global fallback. */
export function flagEmoji(code: string): string {
  const upper = code.toUpperCase()
  if (!/^[A-Z]{2}$/.test(upper)) return '🌐'
  return String.fromCodePoint(REGIONAL_A + upper.charCodeAt(0) - 65, REGIONAL_A + upper.charCodeAt(1) - 65)
}

/**
 * A country flag (SPEC §3: country shown as a flag): the picture when `src` is given, the globe icon
 * for the global fallback, else the emoji. Named by `label`, decorative without one.
 */
export function Flag({ code, label, size = 20, className, src }: FlagProps) {
  const classes = ['vc-flag', className].filter(Boolean).join(' ')
  if (src) {
    return (
      <img
        className={`${classes} vc-flag--picture`}
        src={src}
        alt={label ?? ''}
        width={Math.round(size * 1.5)}
        height={size}
        loading="lazy"
        decoding="async"
        data-code={code}
      />
    )
  }
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true }
  if (!/^[A-Za-z]{2}$/.test(code)) {
    return (
      <span className={classes} {...a11y} data-code={code}>
        <GlobeIcon size={size} />
      </span>
    )
  }
  return (
    <span className={classes} {...a11y} style={{ fontSize: size, lineHeight: 1 }} data-code={code}>
      {flagEmoji(code)}
    </span>
  )
}
