import { fileURLToPath } from 'node:url'

/** `<repo>/.data/dev-server` (git-ignored). */
export function defaultDataDir(): string {
  return fileURLToPath(new URL('../../../.data/dev-server', import.meta.url))
}
