import { xml as buildXml } from '@xmpp/client'
import type { XmlBuilder } from './types.ts'

/**
 * Builds a stanza or any XML element for `session.send()` and `session.request()`:
 * `xml('message', { to, type: 'chat' }, xml('body', {}, text))`. It is @xmpp/client's own builder,
 * the one this package uses, typed with this package's `XmlElement`, so an app needs neither a
 * dependency on @xmpp/client (which ships no type declarations) nor declarations of its own.
 */
export const xml: XmlBuilder = buildXml
