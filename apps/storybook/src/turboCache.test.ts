/**
 * turbo's cache key of `build-storybook` must change with every package Storybook renders: a key that
 * missed `packages/ui` once served a stale Storybook after Button.tsx changed. turbo's dry run prints
 * the key without building anything. Each check adds a new file to the package and removes it again —
 * never an edit of a tracked file, which may hold someone's uncommitted work.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TURBO = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo')
const TASK = '@vchat/storybook#build-storybook'

/** turbo's hash of Storybook's build as the files are now. */
async function buildHash(): Promise<string> {
  const { stdout } = await promisify(execFile)(TURBO, ['run', 'build-storybook', '--dry=json', '--filter=@vchat/storybook'], {
    cwd: ROOT,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 64 * 1024 * 1024,
  })
  const plan = JSON.parse(stdout) as { tasks: { taskId: string; hash: string }[] }
  const task = plan.tasks.find((candidate) => candidate.taskId === TASK)
  if (!task) throw new Error(`turbo's plan has no ${TASK}`)
  return task.hash
}

/** The hash before, with, and after a new file in `folder` (relative to the repository root). */
async function hashesAroundNewFile(folder: string): Promise<[string, string, string]> {
  const before = await buildHash()
  const probe = join(ROOT, folder, `turbo-cache-probe-${randomBytes(6).toString('hex')}.txt`)
  writeFileSync(probe, 'A change Storybook renders.\n')
  let changed: string
  try {
    changed = await buildHash()
  } finally {
    rmSync(probe, { force: true })
  }
  return [before, changed, await buildHash()]
}

describe("turbo's cache of build-storybook", () => {
  // The packages whose code Storybook renders, a package only app-core uses among them (turbo must
  // follow dependencies of dependencies), the brands, the language files and Storybook's own config.
  it.each(['packages/ui/src', 'packages/app-core/src', 'packages/api-client/src', 'packages/i18n/locales/en', 'brands/third', 'apps/storybook/.storybook'])(
    'a change in %s makes a new key, and undoing it gives the old one back',
    async (folder) => {
      const [before, changed, after] = await hashesAroundNewFile(folder)
      expect(changed).not.toBe(before)
      expect(after).toBe(before)
    },
  )
})
