import type { CSSProperties } from 'react'

export type SkeletonProps = {
  /** `block` (default) fills its box, `circle` for avatars, `text` for a line of text. */
  shape?: 'block' | 'circle' | 'text'
  inlineSize?: CSSProperties['inlineSize']
  blockSize?: CSSProperties['blockSize']
  className?: string
}

/** A placeholder while content loads. Decorative: the surrounding region says it is busy. */
export function Skeleton({ shape = 'block', inlineSize, blockSize, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={['vc-skeleton', shape === 'block' ? null : `vc-skeleton--${shape}`, className].filter(Boolean).join(' ')}
      style={{ inlineSize, blockSize }}
    />
  )
}
