/**
 * Vitest's global set-up: one registry for both test files (the first install fills its cache of the
 * npm registry's packages, the second reads from it), stopped and removed after the run.
 */
import type { TestProject } from 'vitest/node'
import { startRegistry, type RegistryInfo } from './registry.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    registry: RegistryInfo
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const registry = await startRegistry()
  project.provide('registry', { url: registry.url, token: registry.token })
  return () => registry.stop()
}
