import { startStack } from './support/stack.ts'

/** Starts the local stack once for the whole run and hands its URLs to the tests through env. */
export default async function globalSetup() {
  const running = await startStack()
  process.env.VCHAT_E2E_STACK = JSON.stringify({ stack: running.stack, appUrls: running.appUrls })
  return async () => {
    await running.stop()
  }
}
