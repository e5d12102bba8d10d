import { useState } from 'react'

export type AvatarProps = {
  /** Image URL (already at the wanted quality); empty shows the initial. */
  src: string
  /** The person's name: alt text, and the initial when there is no image. */
  name: string
  /** Diameter in CSS pixels (default 48). */
  size?: number
  /** Decorative when the name is shown next to it. */
  decorative?: boolean
  className?: string
}

/** A round picture of a person, falling back to the first letter of the name when it fails to load. */
export function Avatar({ src, name, size = 48, decorative = false, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const showImage = src !== '' && failed !== src
  return (
    <span className={['vc-avatar', className].filter(Boolean).join(' ')} style={{ inlineSize: size, blockSize: size }}>
      {showImage ? (
        <img src={src} alt={decorative ? '' : name} width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(src)} />
      ) : (
        <span className="vc-avatar__initial" role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : name} aria-hidden={decorative ? true : undefined} style={{ fontSize: size * 0.42 }}>
          {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
        </span>
      )}
    </span>
  )
}
