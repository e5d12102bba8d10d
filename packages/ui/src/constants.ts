/** Layout breakpoints in CSS pixels (min-width). Mobile means `xs`. */
export const BREAKPOINTS = {
  xs: 0,
  md: 1024,
  xl: 1280,
  '2xl': 1536,
} as const

/** Size of a pop-up window on desktop (width × height in CSS pixels). */
export const DESKTOP_POPUP_SIZE = { width: 600, height: 400 } as const

/** Minimum contrast ratio for normal text (WCAG 2.x AA). */
export const MIN_TEXT_CONTRAST = 4.5

/** Largest number shown in a tab badge; larger counts read as `99+`. */
export const MAX_BADGE_COUNT = 99
