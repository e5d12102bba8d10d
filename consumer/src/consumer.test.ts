/**
 * Every published @vchat/* package as another app gets it: packed by pnpm (real ranges, publishConfig
 * applied), published to the run's own registry, installed with plain `npm install` by a new Vite +
 * React + TypeScript app in a folder outside the workspace (`app/`: a brand of its own on
 * `@vchat/app-core`, one call into every other entry, a test on `@vchat/app-core/testing`), then
 * checked as its developer would: tsc, vite build, vitest, and the built app in Chromium.
 */
import { cp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  appSourceFiles,
  assertSucceeded,
  buildApp,
  entryCoverageProblems,
  exportEntries,
  installApp,
  installedPackageProblems,
  testApp,
  typecheckApp,
  undeclaredImports,
} from './consumerChecks.ts'
import { npmrc, publishTarball } from './registry.ts'
import { smokeTest } from './smoke.ts'
import { APP_TEMPLATE, catalogVersions, packPackage, publishedPackages, readManifest, scratchDir, type WorkspacePackage } from './workspace.ts'

/** Ceilings, not waits: npm brings React, Firebase, Vite… through the registry on the first install. */
const PUBLISH_TIMEOUT_MS = 120_000
const INSTALL_TIMEOUT_MS = 240_000
const STEP_TIMEOUT_MS = 120_000

/** What the app installs besides the packages, at the workspace's versions: its tools and test runner. */
const APP_DEV_DEPENDENCIES = [
  '@testing-library/dom',
  '@testing-library/react',
  '@types/node',
  '@types/react',
  '@types/react-dom',
  '@vitejs/plugin-react',
  'jsdom',
  'typescript',
  'vite',
  'vitest',
]

const registry = inject('registry')
let packages: WorkspacePackage[] = []
let scratch = ''
let appDir = ''
let installed = false

function requireInstall(): void {
  if (!installed) throw new Error('the app could not install the packages (see the install test)')
}

beforeAll(async () => {
  packages = await publishedPackages()
  scratch = await scratchDir('consumer')
  const tarballs = await Promise.all(packages.map(({ dir }) => packPackage(dir, scratch)))
  // One at a time: npm retries a publish the busy registry answers slowly, and the retry is refused as a duplicate.
  for (const tarball of tarballs) await publishTarball(registry, tarball)

  const versions = await catalogVersions()
  appDir = join(scratch, 'app')
  await cp(APP_TEMPLATE, appDir, { recursive: true })
  const devDependencies = Object.fromEntries(
    APP_DEV_DEPENDENCIES.map((name) => {
      const version = versions[name]
      if (!version) throw new Error(`the workspace catalog has no version of ${name}`)
      return [name, version]
    }),
  )
  const manifest = {
    name: 'vchat-consumer-app',
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(packages.map(({ manifest }) => [manifest.name, manifest.version])),
    devDependencies,
  }
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await writeFile(join(appDir, '.npmrc'), npmrc(registry, false))
}, PUBLISH_TIMEOUT_MS)

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe('an app outside the workspace, on the published packages', () => {
  it('lists every published package as a devDependency of this test, so turbo builds them first', async () => {
    const own = await readManifest(join(import.meta.dirname, '..'))
    const missing = packages.map(({ manifest }) => manifest.name).filter((name) => !own.devDependencies?.[name])
    expect(missing, 'add them to consumer/package.json devDependencies ("workspace:^")').toEqual([])
  })

  it('installs them from the registry with npm', async () => {
    assertSucceeded('npm install in the app', await installApp(appDir))
    installed = true
  }, INSTALL_TIMEOUT_MS)

  it('gets the entries each package declares in the workspace (publishConfig.exports kept in step with exports)', async () => {
    requireInstall()
    for (const { manifest } of packages) {
      const published = await readManifest(join(appDir, 'node_modules', manifest.name))
      expect(exportEntries(published), `${manifest.name}: entries of the published exports map`).toEqual(exportEntries(manifest))
    }
  })

  it('finds every file the exports maps name, and every package the built code imports declared', async () => {
    requireInstall()
    const problems = await installedPackageProblems(
      appDir,
      packages.map(({ manifest }) => manifest.name),
    )
    expect(problems).toEqual([])
  })

  it('uses every entry of every package, and declares what it imports itself', async () => {
    requireInstall()
    const sources = await appSourceFiles(appDir)
    const published = await Promise.all(packages.map(({ manifest }) => readManifest(join(appDir, 'node_modules', manifest.name))))
    const appManifest = await readManifest(appDir)
    expect([...(await entryCoverageProblems(sources, published)), ...(await undeclaredImports(appDir, sources, appManifest, { devDependencies: true }))]).toEqual([])
  })

  it('typechecks (tsc, strict, the packages’ declarations included)', async () => {
    requireInstall()
    assertSucceeded('tsc in the app', await typecheckApp(appDir))
  }, STEP_TIMEOUT_MS)

  it('builds (vite build with @vchat/app-core/vite)', async () => {
    requireInstall()
    assertSucceeded('vite build in the app', await buildApp(appDir))
  }, STEP_TIMEOUT_MS)

  it('runs its test of the landing page on @vchat/app-core/testing (vitest)', async () => {
    requireInstall()
    assertSucceeded('vitest in the app', await testApp(appDir))
  }, STEP_TIMEOUT_MS)

  it('starts in Chromium for an Arabic browser: right to left, the brand theme on @vchat/ui, every package answering', async () => {
    requireInstall()
    // The theme of the app's brand (app/src/brand.ts): primary #2dd4bf, buttons #0f766e.
    const brand = { primary: '#2dd4bf', buttonColor: 'rgb(15, 118, 110)' }
    const page = await smokeTest(join(appDir, 'dist'))
    expect(page.errors, 'uncaught errors in the page').toEqual([])
    expect(page.packages, 'the app’s calls into the packages (app/src/packageReport.ts)').toBe('ok')
    expect({ dir: page.dir, lang: page.lang }).toEqual({ dir: 'rtl', lang: 'ar' })
    expect(page.primary).toBe(brand.primary)
    expect(page.buttonBackground).toBe(brand.buttonColor)
    expect(page.buttonText, 'the button speaks Arabic').toMatch(/[\u0600-\u06FF]/)
  }, STEP_TIMEOUT_MS)
})
