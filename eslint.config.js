// One lint config for the whole repo. Type-aware rules are left to `pnpm typecheck` so lint stays fast.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { vchatPlugin } from './packages/app-core/eslint/noUntranslatedText.ts'

const noInnerHtml = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'User text is rendered as text: never dangerouslySetInnerHTML.',
}

// A test waits for the event it is about (an element, a message, a state), never for a fixed time:
// a sleep is too short on a busy machine and too long on a quiet one.
const noFixedSleep = [
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: 'No fixed sleeps in tests: wait for the event (a locator, expect.poll, a response).',
  },
  // `new Promise((resolve) => setTimeout(resolve, ms))` and `setTimeout(() => resolve(), ms)`; a
  // setTimeout that rejects is a deadline, not a sleep, and stays allowed.
  {
    selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
    message: 'No fixed sleeps in tests: wait for the event (findBy…, waitFor, vi.waitFor), or use fake timers for product timings.',
  },
  {
    selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'] > ArrowFunctionExpression > CallExpression[callee.name=/^(r|res|resolve|done|wake)$/]",
    message: 'No fixed sleeps in tests: wait for the event (findBy…, waitFor, vi.waitFor), or use fake timers for product timings.',
  },
  {
    selector: "ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]",
    message: 'No fixed sleeps in tests: wait for the event, or use fake timers for product timings.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-localstack/**',
      '**/storybook-static/**',
      '**/node_modules/**',
      '.tools/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // Git-ignored scratch space for benchmark investigations.
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `typeof import('x')` types a module that is loaded lazily with import(): allowed on purpose.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // `/// <reference path>` brings in our own declarations for untyped libraries and Vite's env.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'prefer-import', lib: 'always' }],
      'no-restricted-syntax': ['error', noInnerHtml],
    },
  },
  {
    // Tests, stories (their play functions are tests) and the e2e specs. (Launchers that poll a server
    // they started until a deadline, like e2e/support/stack.ts, are not tests.)
    files: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'e2e/specs/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', noInnerHtml, ...noFixedSleep] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    // Playwright fixtures receive a `use` callback that is not React's hook.
    ignores: ['e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // These come from the React Compiler's rule set; we do not compile with it, and the classic
      // rules (rules-of-hooks, exhaustive-deps) above still apply. (incompatible-library only says the
      // compiler would not auto-memoise a component using e.g. TanStack Virtual's useVirtualizer.)
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Packages export names, never defaults; config files (vite, tsup, storybook, playwright) need defaults.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx'],
    rules: {
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } }],
    },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Packages are `sideEffects: false`: a bundler may drop an import that binds nothing, so code that
    // must run on import (a slice injecting itself) is reached through a named import. Stylesheets and
    // test set-up are the exceptions.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.tsx', '**/test-utils/**', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noInnerHtml,
        {
          selector: "ImportDeclaration[specifiers.length=0][source.value=/^\\.(?!.*\\.css$)/]",
          message: 'The package is sideEffects: false; import something by name so the bundler keeps this module.',
        },
      ],
    },
  },
  {
    // app-core renders user-facing text through i18n keys only (rule and its allow-list:
    // packages/app-core/eslint/noUntranslatedText.ts). Tests, stories and test fixtures may write text.
    files: ['packages/app-core/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/*.stories.tsx', 'packages/app-core/src/testing/**', 'packages/app-core/src/test-utils/**'],
    plugins: { vchat: vchatPlugin },
    rules: {
      // Besides the HTML and aria text attributes, the text props of @vchat/ui components.
      'vchat/no-untranslated-text': ['error', { attributes: ['hint', 'error', 'description', 'message', 'closeLabel', 'heading'] }],
    },
  },
  {
    // A feature uses another feature only through its public entry, features/<name>/index.ts, so its
    // modules can change without touching the others (rule: packages/app-core/eslint/featureBoundary.ts).
    // Tests and stories too; fixtures that several features share live in src/testing/.
    files: ['packages/app-core/src/features/**/*.{ts,tsx}'],
    plugins: { vchat: vchatPlugin },
    rules: { 'vchat/feature-boundary': 'error' },
  },
  {
    files: ['packages/app-core/src/**/*.{ts,tsx}'],
    ignores: ['packages/app-core/src/app/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use useAppDispatch / useAppSelector from app/hooks.' },
          ],
          patterns: [{ group: ['@vchat/*/src/*', '../../*/src/*'], message: "Import another package's public entry, never its internals." }],
        },
      ],
    },
  },
)
