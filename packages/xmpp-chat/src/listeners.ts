/**
 * Listener sets of the session and the messenger: why it exists is that a faulty listener (an app
 * callback that throws) must never break the connection logic or message handling that reports to it.
 */

/** A set of listeners called in the order they were added; one that throws does not stop the others. */
export class Listeners<A extends unknown[]> {
  readonly #set = new Set<(...args: A) => void>()
  add(listener: (...args: A) => void): () => void {
    this.#set.add(listener)
    return () => this.#set.delete(listener)
  }
  emit(...args: A): void {
    for (const listener of [...this.#set]) {
      try {
        listener(...args)
      } catch {
        // A faulty listener must not break the connection logic or message handling.
      }
    }
  }
}

/** Anything thrown or rejected, as an Error. */
export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}
