import { test as base, expect } from '@playwright/test'
import type { BrandId, StackInfo } from './stack.ts'

export interface BrandOptions {
  brand: BrandId
}

export interface TestUser {
  uid: string
  jid: string
  password: string
}

interface NewUserOptions {
  paid?: boolean
  gemsBalance?: number
  silverBalance?: number
  nickName?: string
}

interface StackFixtures {
  /** Makes a fresh account on the local backend (POST /dev/users), so specs never share state. */
  newUser: (options?: NewUserOptions) => Promise<TestUser>
  /** Origin of the running brand app (the production host serving its localstack build). */
  appUrl: string
  stack: StackInfo
  /**
   * Content-Security-Policy violations the app's pages reported in this test (automatic): the test
   * fails at its end when there is one, naming the page and what was refused.
   */
  cspViolations: string[]
}

function runningStack(): { stack: StackInfo; appUrls: Partial<Record<BrandId, string>> } {
  const raw = process.env.VCHAT_E2E_STACK
  if (!raw) throw new Error('the e2e global setup did not start the stack')
  return JSON.parse(raw) as { stack: StackInfo; appUrls: Partial<Record<BrandId, string>> }
}

export const test = base.extend<StackFixtures & BrandOptions>({
  brand: ['second', { option: true }],
  stack: async ({}, use) => {
    await use(runningStack().stack)
  },
  appUrl: async ({ brand }, use, testInfo) => {
    const url = runningStack().appUrls[brand]
    if (!url) testInfo.skip(true, `brand ${brand} is not served in this run (VCHAT_E2E_BRANDS)`)
    await use(url ?? '')
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      // Chromium reports every refused load, script or connection as a console error of the page.
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(`${message.location().url || message.page()?.url() || '?'}: ${message.text()}`)
      })
      await use(violations)
      expect(violations, 'the app broke its Content-Security-Policy').toEqual([])
    },
    { auto: true },
  ],
  newUser: async ({ stack }, use) => {
    await use(async (options = {}) => {
      const response = await fetch(`${stack.apiUrl}/dev/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(options),
      })
      const answer = (await response.json()) as { result: number; data: TestUser; msg: string }
      if (!response.ok || answer.result !== 1) throw new Error(`could not create a test user: ${answer.msg}`)
      return answer.data
    })
  },
  baseURL: async ({ appUrl }, use) => {
    await use(appUrl)
  },
})

export { expect }
