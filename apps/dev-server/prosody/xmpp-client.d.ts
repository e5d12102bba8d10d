// Types for the part of @xmpp/client 0.14 (ships no types) that the stack's tests use to log in.
declare module '@xmpp/client' {
  import type { EventEmitter } from 'node:events'

  export interface XmppJid {
    local: string
    domain: string
    resource: string
    toString(): string
  }

  export interface XmppElement {
    name: string
    attrs: Record<string, string | undefined>
    children: Array<XmppElement | string>
    getChild(name: string, xmlns?: string): XmppElement | undefined
    getChildren(name: string, xmlns?: string): XmppElement[]
    getChildText(name: string, xmlns?: string): string | null
    text(): string
    toString(): string
  }

  export type Authenticate = (credentials: { username: string; password: string }, mechanism: string) => Promise<void>

  export interface XmppClientOptions {
    service: string
    domain?: string
    resource?: string
    username?: string
    password?: string
    credentials?: (authenticate: Authenticate, mechanisms: string[]) => Promise<void>
  }

  export interface XmppClient extends EventEmitter {
    status: string
    jid: XmppJid | null
    start(): Promise<XmppJid>
    stop(): Promise<unknown>
    disconnect(): Promise<unknown>
    send(element: XmppElement): Promise<void>
    reconnect: EventEmitter & { stop(): void; start(): void; reconnect(): Promise<void> }
    iqCaller: { request(element: XmppElement, timeout?: number): Promise<XmppElement> }
    streamManagement: EventEmitter & { enabled: boolean; id: string }
  }

  export function client(options: XmppClientOptions): XmppClient
  export function xml(name: string, attrs?: Record<string, string | number | undefined> | null, ...children: Array<XmppElement | string>): XmppElement
  export function jid(local: string, domain?: string, resource?: string): XmppJid
}
