export type LogoProps = {
  src: string
  /** Brand name as text alternative. */
  alt: string
  /** Height in CSS pixels (default 32); width follows the image's aspect ratio. */
  height?: number
  className?: string
}

export function Logo({ src, alt, height = 32, className }: LogoProps) {
  return (
    <img
      className={['vc-logo', className].filter(Boolean).join(' ')}
      src={src}
      alt={alt}
      height={height}
      style={{ blockSize: `${height}px`, inlineSize: 'auto' }}
      decoding="async"
    />
  )
}
