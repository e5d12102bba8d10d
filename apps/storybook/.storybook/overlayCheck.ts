/**
 * A story must show what it is about, uncovered. After a story has rendered and its play function has
 * run, no `position: fixed` element may lie over the story root unless the app puts it on top by
 * design — a dialog or sheet (`dialog`, `alertdialog`), an announcement (`alert`, `status`: toasts,
 * notices), the tab bar (`navigation`) — or the story lists it in `parameters.expectedOverlays`.
 * The cookie banner is refused by name as well: it is a fixed region of its own that once covered the
 * bottom of every app screen, and only a story about consent may show it.
 */

/** CSS selectors of fixed elements a story shows on purpose, e.g. the cookie banner in its own story. */
export type ExpectedOverlays = readonly string[]

const COOKIE_BANNER = '.vc-cookie-banner'

/** Roles whose elements the app places over the page on purpose (see above). */
const ON_TOP_BY_DESIGN = ['dialog', 'alertdialog', 'alert', 'status', 'navigation']
const ON_TOP_SELECTOR = [...ON_TOP_BY_DESIGN.map((role) => `[role="${role}"]`), 'dialog', 'nav', '[aria-modal="true"]'].join(', ')

function describe(element: Element): string {
  const id = element.id ? `#${element.id}` : ''
  const classes = [...element.classList].map((name) => `.${name}`).join('')
  const label = element.getAttribute('aria-label')
  return `<${element.tagName.toLowerCase()}${id}${classes}>${label ? ` "${label}"` : ''}`
}

function matchesAny(element: Element, selectors: ExpectedOverlays): boolean {
  return selectors.some((selector) => element.matches(selector) || element.closest(selector) !== null)
}

/** The element is, sits in, or holds something the app puts on top by design. */
function onTopByDesign(element: Element): boolean {
  return element.closest(ON_TOP_SELECTOR) !== null || element.querySelector(ON_TOP_SELECTOR) !== null
}

function overlapArea(a: DOMRect, b: DOMRect): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left)
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
  return width > 0 && height > 0 ? width * height : 0
}

/**
 * What the story put on the page: its root and what it portals to `<body>` (sheets, popups), without
 * Storybook's own elements, whose ids start with `storybook-` (Storybook's rule for the same question).
 */
function storyElements(root: HTMLElement): Element[] {
  const portals = [...document.body.children].filter((child) => child !== root && !child.contains(root) && !child.id.startsWith('storybook-'))
  return [root, ...portals].flatMap((top) => [top, ...top.querySelectorAll('*')])
}

/** Every problem found, one line each; empty when the story root is uncovered. */
export function findCoveringOverlays(root: HTMLElement, expected: ExpectedOverlays = []): string[] {
  const problems: string[] = []
  for (const banner of document.querySelectorAll(COOKIE_BANNER)) {
    if (!matchesAny(banner, expected)) {
      problems.push(
        `${describe(banner)}: the cookie banner is on screen. Stories start with consent given (fakeServices' default); ` +
          `a story about the banner lists '${COOKIE_BANNER}' in parameters.expectedOverlays.`,
      )
    }
  }
  const rootBox = root.getBoundingClientRect()
  for (const element of storyElements(root)) {
    const style = getComputedStyle(element)
    if (style.position !== 'fixed' || style.visibility === 'hidden') continue
    // The cookie banner is reported above, by name.
    if (element.matches(COOKIE_BANNER) || matchesAny(element, expected) || onTopByDesign(element)) continue
    if (overlapArea(element.getBoundingClientRect(), rootBox) === 0) continue
    problems.push(`${describe(element)} is fixed over the story and is not a dialog, popup, announcement or the tab bar.`)
  }
  return problems
}
