import { test as base, expect } from '@playwright/test'
import type { BrandId, StackInfo } from './stack.ts'

export interface BrandOptions {
  brand: BrandId
}

interface StackFixtures {
  /** Origin of the running brand app (vite preview of its localstack build). */
  appUrl: string
  stack: StackInfo
}

function runningStack(): { stack: StackInfo; appUrls: Record<BrandId, string> } {
  const raw = process.env.VCHAT_E2E_STACK
  if (!raw) throw new Error('the e2e global setup did not start the stack')
  return JSON.parse(raw) as { stack: StackInfo; appUrls: Record<BrandId, string> }
}

export const test = base.extend<StackFixtures & BrandOptions>({
  brand: ['second', { option: true }],
  stack: async ({}, use) => {
    await use(runningStack().stack)
  },
  appUrl: async ({ brand }, use) => {
    await use(runningStack().appUrls[brand])
  },
  baseURL: async ({ appUrl }, use) => {
    await use(appUrl)
  },
})

export { expect }
