import { fileURLToPath } from 'node:url'

/** `<repo>/.data/dev-server` (git-ignored). */
export function defaultDataDir(): string {
  return fileURLToPath(new URL('../../../.data/dev-server', import.meta.url))
}

/** `<repo>/.data` (git-ignored): root of the stack's data (dev-server/ and prosody/ inside). */
export function defaultStackDataDir(): string {
  return fileURLToPath(new URL('../../../.data', import.meta.url))
}
