/**
 * Lint rule `vchat/no-untranslated-text`: app-core renders user-facing text only through i18n keys.
 *
 * Reported:
 * - JSX text that contains a letter (`<p>Hello</p>`, `<b>Send</b> now`);
 * - a string written in a JSX child expression (`{'Hello'}`, `{busy ? 'Wait' : t('x')}`, `{`${n} left`}`);
 * - a string given to a user-facing attribute (`aria-label`, `title`, `placeholder`, `alt`, `label`, the
 *   other aria attributes whose value is read out, and any listed in the `attributes` option), whether
 *   written directly (`title="Close"`) or inside an expression (`title={open ? 'Close' : t('x')}`).
 *
 * Allowed:
 * - anything computed: `t('key')`, a variable, a prop, a formatter's result (the rule cannot see through
 *   them; the i18n test checks the keys themselves);
 * - text with no letter at all: punctuation and separators (`·`, `—`, `/`, `:`), digits, emoji, currency
 *   and maths symbols (`₹`, `+`, `×`, `%`). They read the same in every language, so there is nothing for
 *   a translator to do; the browser's bidi algorithm places them in right-to-left text. A letter is any
 *   Unicode letter (`\p{L}`), so words in any script are caught, not only Latin ones.
 * - attribute values that are not text shown to a person (`className`, `type`, `data-*`, `role`, ...).
 */
import type { Rule } from 'eslint'
import { featureBoundary } from './featureBoundary.ts'

/** Attributes whose value a person reads or hears (screen readers read the aria ones). */
const USER_FACING_ATTRIBUTES: readonly string[] = [
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]

const LETTER = /\p{L}/u

/** True when the text contains something a translator would have to translate. */
export function hasWords(text: string): boolean {
  return LETTER.test(text)
}

// The JSX and expression nodes the rule looks at (ESLint's own types describe plain ESTree only).
interface Located {
  type: string
  range?: [number, number]
  loc?: { start: { line: number; column: number }; end: { line: number; column: number } } | null
}
interface JSXTextNode extends Located {
  type: 'JSXText'
  value: string
}
interface JSXAttributeNode extends Located {
  type: 'JSXAttribute'
  name: { type: 'JSXIdentifier'; name: string } | { type: 'JSXNamespacedName'; namespace: { name: string }; name: { name: string } }
  value: Expression | null
}
interface JSXExpressionContainerNode extends Located {
  type: 'JSXExpressionContainer'
  expression: Expression
  parent: Located
}
type Expression = Located & Record<string, unknown>

interface Options {
  attributes?: string[]
}

function attributeName(node: JSXAttributeNode): string {
  return node.name.type === 'JSXIdentifier' ? node.name.name : `${node.name.namespace.name}:${node.name.name.name}`
}

/** The written strings with words in them that an expression may evaluate to. */
function literalTexts(node: Expression | null | undefined): Expression[] {
  if (!node) return []
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && hasWords(node.value) ? [node] : []
    case 'TemplateLiteral': {
      const quasis = node.quasis as Array<Expression & { value: { cooked: string | null; raw: string } }>
      const expressions = node.expressions as Expression[]
      const own = quasis.some((q) => hasWords(q.value.cooked ?? q.value.raw)) ? [node] : []
      return [...own, ...expressions.flatMap(literalTexts)]
    }
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent as Expression), ...literalTexts(node.alternate as Expression)]
    case 'LogicalExpression':
      return [...literalTexts(node.left as Expression), ...literalTexts(node.right as Expression)]
    case 'BinaryExpression':
      return node.operator === '+' ? [...literalTexts(node.left as Expression), ...literalTexts(node.right as Expression)] : []
    case 'JSXExpressionContainer':
      return literalTexts(node.expression as Expression)
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'ChainExpression':
      return literalTexts(node.expression as Expression)
    case 'SequenceExpression':
      return literalTexts((node.expressions as Expression[]).at(-1))
    default:
      // Calls (t('key'), formatters), identifiers, members, JSX elements: computed, not written here.
      return []
  }
}

export const noUntranslatedText: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'User-facing text in JSX comes from an i18n key (t(...)), never a written string.',
    },
    schema: [
      {
        type: 'object',
        properties: { attributes: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'User-facing text "{{text}}" is written in JSX: render t(\'<namespace>:<key>\') with the text in every locale.',
      attribute: 'The {{attribute}} text "{{text}}" is written in JSX: pass t(\'<namespace>:<key>\') with the text in every locale.',
    },
  },
  create(context) {
    const options = (context.options[0] ?? {}) as Options
    const attributes = new Set([...USER_FACING_ATTRIBUTES, ...(options.attributes ?? [])])
    const shown = (text: string) => {
      const trimmed = text.replace(/\s+/g, ' ').trim()
      return trimmed.length > 40 ? `${trimmed.slice(0, 39)}…` : trimmed
    }
    const sourceOf = (node: Expression) => (typeof node.value === 'string' ? node.value : context.sourceCode.getText(node as never))
    // ESLint's listener types know plain ESTree only; the JSX visitors take the shapes declared above.
    const listener: Record<string, (node: never) => void> = {
      JSXText(node: JSXTextNode) {
        if (!hasWords(node.value)) return
        context.report({ node: node as never, messageId: 'text', data: { text: shown(node.value) } })
      },
      JSXExpressionContainer(node: JSXExpressionContainerNode) {
        // Children only; attribute values are checked below with their attribute's name.
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return
        for (const literal of literalTexts(node.expression)) {
          context.report({ node: literal as never, messageId: 'text', data: { text: shown(sourceOf(literal)) } })
        }
      },
      JSXAttribute(node: JSXAttributeNode) {
        const attribute = attributeName(node)
        if (!attributes.has(attribute)) return
        for (const literal of literalTexts(node.value)) {
          context.report({ node: literal as never, messageId: 'attribute', data: { attribute, text: shown(sourceOf(literal)) } })
        }
      },
    }
    return listener as Rule.RuleListener
  },
}

/** The local plugin, registered in the repo's eslint.config.js as `vchat` (`feature-boundary`: featureBoundary.ts). */
export const vchatPlugin = {
  meta: { name: 'vchat' },
  rules: { 'no-untranslated-text': noUntranslatedText, 'feature-boundary': featureBoundary },
}
