import axe from 'axe-core'
import { expect } from 'vitest'

/**
 * Runs axe-core on a rendered DOM tree and fails with the list of violations.
 * `color-contrast` needs a real layout engine (jsdom has none): contrast is checked by the
 * Storybook a11y addon and by `contrastRatio` tests of the theme tokens instead.
 * `region` is left out because components are rendered alone, outside page landmarks.
 */
export async function expectNoAxeViolations(node: Element = document.body): Promise<void> {
  const result = await axe.run(node, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  })
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
  expect(summary).toEqual([])
}
