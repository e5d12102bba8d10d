import { Gift, Globe, Image, Smile, Star, Video } from 'lucide'
import type { IconNode } from 'lucide'
import { createElement } from 'react'
import type { ReactNode, SVGProps } from 'react'

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Width and height in CSS pixels (default 24). */
  size?: number
}

function createIcon(displayName: string, paths: ReactNode, extraClass?: string) {
  function IconComponent({ size = 24, className, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...rest}
        className={['vc-icon', extraClass, className].filter(Boolean).join(' ')}
        aria-hidden="true"
        focusable="false"
      >
        {paths}
      </svg>
    )
  }
  IconComponent.displayName = displayName
  return IconComponent
}

/** Cards / match tab. */
export const CardsIcon = createIcon(
  'CardsIcon',
  <>
    <rect x="7" y="3" width="13" height="16" rx="2" />
    <path d="M4 7v11a3 3 0 0 0 3 3h9" />
  </>,
)

/** List / discover tab. */
export const ListIcon = createIcon(
  'ListIcon',
  <>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </>,
)

/** Messages tab. */
export const MessagesIcon = createIcon(
  'MessagesIcon',
  <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />,
)

/** Video history tab. */
export const HistoryIcon = createIcon(
  'HistoryIcon',
  <>
    <path d="M3 12a9 9 0 1 0 3-6.7" />
    <path d="M3 4v5h5" />
    <path d="M12 7v5l3 2" />
  </>,
)

/** Back arrow; points the other way in right-to-left documents. */
export const BackIcon = createIcon('BackIcon', <path d="M15 5l-7 7 7 7" />, 'vc-icon--mirror-rtl')

export const CloseIcon = createIcon(
  'CloseIcon',
  <>
    <path d="M6 6l12 12" />
    <path d="M18 6L6 18" />
  </>,
)

/** Gem (coin) symbol. */
export const GemIcon = createIcon(
  'GemIcon',
  <>
    <path d="M6 3h12l3 6-9 12L3 9z" />
    <path d="M3 9h18" />
    <path d="M12 21L8.5 9 12 3l3.5 6z" />
  </>,
)

/**
 * An icon of the maintained set (lucide: its icons as plain shape data, so a bundle holds only the
 * icons used and no runtime), drawn by `createIcon` with our props and accessibility (decorative:
 * `aria-hidden`, never focusable). Lucide draws on the same 24 px grid with the same round 2 px
 * strokes as the hand-drawn icons above. New icons come from this set.
 */
function fromSet(displayName: string, node: IconNode, extraClass?: string) {
  const shapes = node.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))
  return createIcon(displayName, shapes, extraClass)
}

/** A gift (tasks and rewards, the gift panel). */
export const GiftIcon = /* @__PURE__ */ fromSet('GiftIcon', Gift)
/** A picture (send a photo). */
export const ImageIcon = /* @__PURE__ */ fromSet('ImageIcon', Image)
/** A smiling face (stickers). */
export const SmileIcon = /* @__PURE__ */ fromSet('SmileIcon', Smile)
/** The globe (a country outside the flag list, SPEC §9 global flag). */
export const GlobeIcon = /* @__PURE__ */ fromSet('GlobeIcon', Globe)
/** A video camera (start a video call). */
export const VideoIcon = /* @__PURE__ */ fromSet('VideoIcon', Video)
/** A star (rating a call; drawn filled with `fill="currentColor"` when chosen). */
export const StarIcon = /* @__PURE__ */ fromSet('StarIcon', Star)
