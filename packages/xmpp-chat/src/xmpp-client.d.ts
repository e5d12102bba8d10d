// @xmpp/client 0.14 ships no type declarations; these cover what this package calls.
// Public types of the package live in types.ts and do not depend on this file.
declare module '@xmpp/client' {
  import type { XmppClientLike, XmppClientOptions, XmlAttributes, XmlElement, XmlChild } from './types.ts'

  export function client(options: XmppClientOptions & { resource: string }): XmppClientLike
  export function xml(name: string, attrs?: XmlAttributes | null, ...children: XmlChild[]): XmlElement
  export namespace xml {
    /** @xmpp/xml's stream parser: the first element is the stream root, each child closed is an `element`. */
    class Parser {
      on(event: 'element', listener: (element: XmlElement) => void): void
      on(event: 'error', listener: (error: Error) => void): void
      write(data: string): void
    }
  }
}
