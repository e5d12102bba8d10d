/**
 * Lint rule `vchat/feature-boundary`: a feature folder (`src/features/<name>/`) uses another feature
 * only through that feature's public entry, `features/<name>/index.ts`, so each feature can reorganise
 * its modules without touching the others, and what one feature offers the rest is written in one place.
 *
 * Reported, in a file under `src/features/<X>/` (at any depth): a relative import that resolves into
 * `src/features/<Y>/<something>` with Y ≠ X — an import declaration (type-only included), an
 * `export … from`, a dynamic `import('…')` with a written path, and a type's `import('…')`.
 *
 * Allowed:
 * - the other feature's folder itself (`'../wallet'`, `'../../wallet'`) or its `index`;
 * - anything inside the file's own feature, however deep;
 * - imports that leave `features/` (`'../../app/hooks'`, `'../../layout/AccountPage'`) and packages
 *   (`'@vchat/ui'`): other rules keep those in order.
 *
 * Tests and stories are covered too: they use another feature through its entry like any module.
 * Fixtures that several features' tests share live in `src/testing/`, not in one feature.
 *
 * The rule reads paths only (no file system): the import resolved against the file's folder, as
 * `path.resolve` would.
 * Files outside a `src/features/` folder (routes, layout, app, services) are not checked: the route
 * table loads each screen module with its own `import()`, one chunk per screen.
 */
import type { Rule } from 'eslint'

// Paths are handled as plain strings with `/` (this module runs in ESLint and in Vitest, without Node's
// types in this package's type check); `resolve` does what path.resolve does with a relative import.
const toSlashes = (file: string): string => file.replace(/\\/g, '/')

function resolve(fromDir: string, specifier: string): string {
  const parts = fromDir.split('/')
  for (const segment of specifier.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') parts.pop()
    else parts.push(segment)
  }
  return parts.join('/')
}

/** The import specifier that leads from folder `fromDir` to `to` (`'../wallet'`, `'../../wallet'`). */
function relative(fromDir: string, to: string): string {
  const from = fromDir.split('/')
  const dest = to.split('/')
  let common = 0
  while (common < from.length && common < dest.length && from[common] === dest[common]) common += 1
  const up = from.length - common
  const down = dest.slice(common).join('/')
  return up === 0 ? `./${down}` : `${'../'.repeat(up)}${down}`
}

/** `<root>/src/features` and the feature a file belongs to, or null outside any feature. */
function featureOf(filename: string): { featuresDir: string; feature: string } | null {
  const match = /^(.*\/src\/features)\/([^/]+)\/.+$/.exec(filename)
  if (!match?.[1] || !match[2]) return null
  return { featuresDir: match[1], feature: match[2] }
}

/** The feature an import reaches and whether it names one of its modules rather than its entry. */
function target(featuresDir: string, fromDir: string, specifier: string): { feature: string; internal: boolean } | null {
  if (!specifier.startsWith('.')) return null
  const resolved = resolve(fromDir, specifier)
  if (!resolved.startsWith(`${featuresDir}/`)) return null
  const [feature, ...rest] = resolved.slice(featuresDir.length + 1).split('/')
  if (!feature) return null
  const entry = rest.length === 0 || (rest.length === 1 && /^index(\.[cm]?[jt]sx?)?$/.test(rest[0] ?? ''))
  return { feature, internal: !entry }
}

// The nodes that carry a module path, as the parser gives them (ESLint's own types know plain ESTree).
interface StringNode {
  type: string
  value?: unknown
  quasis?: Array<{ value: { cooked: string | null } }>
  expressions?: unknown[]
}
interface WithSource {
  source: StringNode | null
}

/** The written path of a module reference: a string literal or a template literal without `${}`. */
function writtenPath(node: StringNode | null | undefined): string | null {
  if (!node) return null
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'TemplateLiteral' && node.expressions?.length === 0) return node.quasis?.[0]?.value.cooked ?? null
  return null
}

export const featureBoundary: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: {
      description: "A feature imports another feature only through its public entry (features/<name>/index.ts), never its modules.",
    },
    schema: [],
    messages: {
      internal: "Import features/{{feature}} through its public entry '{{entry}}', never its modules.",
    },
  },
  create(context) {
    const filename = toSlashes(context.physicalFilename)
    const own = featureOf(filename)
    if (!own) return {}
    const fromDir = filename.slice(0, filename.lastIndexOf('/'))
    const check = (node: StringNode | null | undefined) => {
      const specifier = writtenPath(node)
      if (specifier === null || !node) return
      const reached = target(own.featuresDir, fromDir, specifier)
      if (!reached || reached.feature === own.feature || !reached.internal) return
      const entry = relative(fromDir, `${own.featuresDir}/${reached.feature}`)
      context.report({ node: node as never, messageId: 'internal', data: { feature: reached.feature, entry } })
    }
    // ESLint's listener types know plain ESTree only; the TypeScript nodes take the shapes declared above.
    const listener: Record<string, (node: never) => void> = {
      ImportDeclaration: (node: WithSource) => check(node.source),
      ExportNamedDeclaration: (node: WithSource) => check(node.source),
      ExportAllDeclaration: (node: WithSource) => check(node.source),
      ImportExpression: (node: WithSource) => check(node.source),
      // `typeof import('../wallet/CoinStore')` names a module just as well.
      TSImportType: (node: WithSource) => check(node.source),
      // `import x = require('…')`
      TSExternalModuleReference: (node: { expression: StringNode }) => check(node.expression),
    }
    return listener as Rule.RuleListener
  },
}
