/**
 * The RuleTester the project's lint-rule tests share: Vitest's describe/it, and the TypeScript parser
 * with JSX, as ESLint runs the rules on app-core.
 */
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

export const ruleTester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
})
