// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ruleTester } from './ruleTester.ts'
import { hasWords, noUntranslatedText } from './noUntranslatedText.ts'

const text = (value: string) => ({ messageId: 'text', data: { text: value } })
const attribute = (name: string, value: string) => ({ messageId: 'attribute', data: { attribute: name, text: value } })

describe('hasWords', () => {
  it('finds letters of any script and nothing else', () => {
    expect(['Send', 'إرسال', 'שלח', '送出', 'भेजें', 'x'].filter((t) => !hasWords(t))).toEqual([])
    expect(['', ' · ', '—', '123', '+1', '₹ 10', '🔥🎁', '%', '×', '…', '/', '(', ':'].filter(hasWords)).toEqual([])
  })
})

ruleTester.run('no-untranslated-text', noUntranslatedText, {
  valid: [
    // Texts from i18n keys.
    { code: "const a = <p>{t('chat:title')}</p>" },
    { code: "const a = <button aria-label={t('common:close')} title={t('common:close')}>×</button>" },
    { code: "const a = <input placeholder={t('chat:placeholder')} />" },
    { code: "const a = <img alt={t('discover:photoOf', { name })} src={url} />" },
    { code: "const a = <Field label={t('account:email')} />" },
    { code: "const a = <p>{busy ? t('common:wait') : t('common:send')}</p>" },
    // Values that are computed elsewhere (props, state, formatter results).
    { code: 'const a = <p>{user.nickName}</p>' },
    { code: 'const a = <span title={name}>{formatMoney(amount, lng)}</span>' },
    // No words: punctuation, digits, emoji, currency and maths symbols, whitespace.
    { code: 'const a = <p>{a} · {b}</p>' },
    { code: 'const a = <p>— 42 % + ×</p>' },
    { code: 'const a = <span>🔥🎁</span>' },
    { code: 'const a = <span>₹{price}</span>' },
    { code: "const a = <span>{'·'}</span>" },
    { code: 'const a = <span>{`${a} / ${b}`}</span>' },
    { code: 'const a = <div>\n  <p />\n</div>' },
    // Decorative image: the empty alt is the translation-free way to say so.
    { code: 'const a = <img alt="" src={url} />' },
    // Attributes no one reads: class names, types, roles, test ids, keys.
    { code: 'const a = <div className="vc-card" role="dialog" data-testid="wall-rows" id="main" />' },
    { code: 'const a = <input type="email" name="uid" autoComplete="username" inputMode="numeric" />' },
    { code: "const a = <a href=\"/settings\" rel=\"noreferrer\" target={'_blank'} />" },
  ],
  invalid: [
    { code: 'const a = <p>Hello</p>', errors: [text('Hello')] },
    { code: 'const a = <p>{count} left</p>', errors: [text('left')] },
    { code: 'const a = <h1>مرحبا</h1>', errors: [text('مرحبا')] },
    { code: 'const a = <>Loading…</>', errors: [text('Loading…')] },
    { code: "const a = <p>{'Hello'}</p>", errors: [text('Hello')] },
    { code: 'const a = <p>{`${count} coins`}</p>', errors: [text('`${count} coins`')] },
    { code: "const a = <p>{busy ? 'Wait' : t('common:send')}</p>", errors: [text('Wait')] },
    { code: "const a = <p>{error && 'Failed'}</p>", errors: [text('Failed')] },
    { code: "const a = <p>{t('chat:to') + ' you'}</p>", errors: [text('you')] },
    { code: 'const a = <button aria-label="Close">×</button>', errors: [attribute('aria-label', 'Close')] },
    { code: 'const a = <span title="Online" />', errors: [attribute('title', 'Online')] },
    { code: 'const a = <input placeholder="Type a message" />', errors: [attribute('placeholder', 'Type a message')] },
    { code: 'const a = <img alt="avatar" src={url} />', errors: [attribute('alt', 'avatar')] },
    { code: 'const a = <Field label="Email" />', errors: [attribute('label', 'Email')] },
    { code: "const a = <span aria-label={'Close'} />", errors: [attribute('aria-label', 'Close')] },
    { code: "const a = <span title={open ? 'Hide' : t('common:show')} />", errors: [attribute('title', 'Hide')] },
    { code: 'const a = <span aria-label={`Photo ${index}`} />', errors: [attribute('aria-label', '`Photo ${index}`')] },
    { code: "const a = <span aria-valuetext={'Half' as string} />", errors: [attribute('aria-valuetext', 'Half')] },
    // Extra attributes from the options.
    { code: 'const a = <Sheet heading="Gifts" />', options: [{ attributes: ['heading'] }], errors: [attribute('heading', 'Gifts')] },
    // Long texts are cut in the message.
    {
      code: 'const a = <p>This sentence is far too long to be quoted whole in a message</p>',
      errors: [text('This sentence is far too long to be quo…')],
    },
  ],
})
