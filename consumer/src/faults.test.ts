/**
 * The consumer checks catch what they are for. A tiny package is published in a sound version and in
 * one version per fault (fixtures.ts); an app using every entry of it installs each in turn and runs
 * the consumer test's own checks. The sound version passes them all, and each fault fails the check
 * that names it, with a message that says what is wrong.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  appSourceFiles,
  assertSucceeded,
  buildApp,
  entryCoverageProblems,
  installApp,
  installedPackageProblems,
  typecheckApp,
  type CommandResult,
} from './consumerChecks.ts'
import { FAULTS, FIXTURE_PACKAGE, fixtureVersion, packFixture, writeFixtureApp, type Fault, type Variant } from './fixtures.ts'
import { npmrc, publishTarball } from './registry.ts'
import { catalogVersions, readManifest, scratchDir } from './workspace.ts'

/** Ceilings, not waits: the first install brings React, TypeScript and Vite through the registry. */
const INSTALL_TIMEOUT_MS = 180_000
const STEP_TIMEOUT_MS = 60_000

const registry = inject('registry')
let scratch = ''
let appDir = ''

interface CheckOutcome {
  /** From the installed package: missing files and undeclared imports. */
  packageProblems: string[]
  /** From the app's source: entries of the package it never imports. */
  coverageProblems: string[]
  typecheck: CommandResult
  build: CommandResult
}

/** Installs `variant` of the package into the app and runs every consumer check on it. */
async function checkVariant(variant: Variant): Promise<CheckOutcome> {
  assertSucceeded(`npm install of the ${variant} fixture`, await installApp(appDir, [`${FIXTURE_PACKAGE}@${fixtureVersion(variant)}`, '--save-exact']))
  const installed = await readManifest(join(appDir, 'node_modules', FIXTURE_PACKAGE))
  expect(installed.version, 'the variant under test is the one installed').toBe(fixtureVersion(variant))
  return {
    packageProblems: await installedPackageProblems(appDir, [FIXTURE_PACKAGE]),
    coverageProblems: await entryCoverageProblems(await appSourceFiles(appDir), [installed]),
    typecheck: await typecheckApp(appDir),
    build: await buildApp(appDir),
  }
}

beforeAll(async () => {
  scratch = await scratchDir('faults')
  const variants: Variant[] = ['sound', ...(Object.keys(FAULTS) as Fault[])]
  for (const variant of variants) await publishTarball(registry, await packFixture(variant, scratch), variant)
  appDir = join(scratch, 'app')
  await writeFixtureApp(appDir, await catalogVersions(), npmrc(registry, false))
  assertSucceeded('npm install in the fixture app', await installApp(appDir))
}, INSTALL_TIMEOUT_MS)

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe('the consumer checks', () => {
  it('pass a sound package', async () => {
    const outcome = await checkVariant('sound')
    expect(outcome.packageProblems).toEqual([])
    expect(outcome.coverageProblems).toEqual([])
    assertSucceeded('tsc', outcome.typecheck)
    assertSucceeded('vite build', outcome.build)
  }, STEP_TIMEOUT_MS)

  it(`fail when ${FAULTS['missing-file']}`, async () => {
    const outcome = await checkVariant('missing-file')
    expect(outcome.packageProblems).toEqual([
      `${FIXTURE_PACKAGE}: exports["./styles.css"] (default) names ./dist/styles.css, which the published package does not contain`,
    ])
    expect(outcome.build.code, 'vite build').not.toBe(0)
  }, STEP_TIMEOUT_MS)

  it(`fail when ${FAULTS['missing-export']}`, async () => {
    const outcome = await checkVariant('missing-export')
    // The declarations still promise it, so only the build can tell.
    assertSucceeded('tsc', outcome.typecheck)
    expect(outcome.build.code, 'vite build').not.toBe(0)
    expect(outcome.build.output).toMatch(/"KIT_NAME" is not exported by "node_modules\/@vchat-fixture\/kit\/dist\/index\.js"/)
  }, STEP_TIMEOUT_MS)

  it(`fail when ${FAULTS['missing-peer']}`, async () => {
    const outcome = await checkVariant('missing-peer')
    // The app has React of its own, so install, tsc and vite build all pass: only the manifest check sees it.
    assertSucceeded('vite build', outcome.build)
    expect(outcome.packageProblems).toEqual([
      `${FIXTURE_PACKAGE} imports "react" (dist/index.d.ts) but names it in neither dependencies nor peerDependencies`,
      `${FIXTURE_PACKAGE} imports "react" (dist/index.js) but names it in neither dependencies nor peerDependencies`,
    ])
  }, STEP_TIMEOUT_MS)

  it(`fail when ${FAULTS['missing-type']}`, async () => {
    const outcome = await checkVariant('missing-type')
    expect(outcome.typecheck.code, 'tsc').not.toBe(0)
    expect(outcome.typecheck.output).toMatch(/error TS7016: Could not find a declaration file for module '@vchat-fixture\/kit'/)
  }, STEP_TIMEOUT_MS)

  it(`fail when ${FAULTS['private-type']}`, async () => {
    const outcome = await checkVariant('private-type')
    expect(outcome.typecheck.code, 'tsc').not.toBe(0)
    expect(outcome.typecheck.output).toMatch(/node_modules\/@vchat-fixture\/kit\/dist\/index\.d\.ts.*error TS2307: Cannot find module '\.\/tone\.js'/)
  }, STEP_TIMEOUT_MS)
})
