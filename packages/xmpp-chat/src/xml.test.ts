import { describe, expect, it } from 'vitest'
import { xml } from './index.ts'

describe('xml, the element builder the package exports', () => {
  it('builds a stanza with attributes, children and escaped text, leaving undefined attributes out', () => {
    const stanza = xml('message', { to: 'anchor_200001@localhost', type: 'chat', id: 'm1', lang: undefined }, xml('body', {}, 'hi <there>'))
    expect(stanza.toString()).toBe('<message to="anchor_200001@localhost" type="chat" id="m1"><body>hi &lt;there&gt;</body></message>')
    expect(stanza.getChildText('body')).toBe('hi <there>')
  })
})
