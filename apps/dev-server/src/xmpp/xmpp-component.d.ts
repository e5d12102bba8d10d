// Types for the part of @xmpp/component 0.13.1 (CommonJS, ships no types) the dev-server uses.
declare module '@xmpp/component' {
  import type { EventEmitter } from 'node:events'

  export interface ComponentElement {
    name: string
    attrs: Record<string, string | undefined>
    children: Array<ComponentElement | string>
    getChild(name: string, xmlns?: string): ComponentElement | undefined
    getChildText(name: string, xmlns?: string): string | null
    is(name: string, xmlns?: string): boolean
    text(): string
    toString(): string
  }

  export interface IqContext {
    stanza: ComponentElement
    element: ComponentElement
    from: { toString(): string } | null
  }

  export interface Component extends EventEmitter {
    status: string
    start(): Promise<unknown>
    stop(): Promise<unknown>
    send(element: ComponentElement): Promise<void>
    reconnect: EventEmitter & { stop(): void; start(): void; delay: number }
    iqCallee: {
      get(ns: string, name: string, handler: (context: IqContext) => ComponentElement | Promise<ComponentElement>): void
      set(ns: string, name: string, handler: (context: IqContext) => ComponentElement | Promise<ComponentElement>): void
    }
  }

  export function component(options: { service: string; domain: string; password: string }): Component
  export function xml(name: string, attrs?: Record<string, string | number | undefined> | null, ...children: Array<ComponentElement | string>): ComponentElement
}
