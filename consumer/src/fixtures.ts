/**
 * A tiny package published in one sound version and one version per fault the consumer checks are
 * meant to catch, and a tiny app that uses every entry of it: the fault tests install each version in
 * turn and run the same checks as the consumer test.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { runCommand, assertSucceeded } from './consumerChecks.ts'
import { APP_TEMPLATE, type Manifest } from './workspace.ts'

export const FIXTURE_PACKAGE = '@vchat-fixture/kit'

/** Each fault, as a package would ship it by mistake. */
export const FAULTS = {
  /** The exports map names a file the tarball lacks (a build step that did not run, a `files` list too short). */
  'missing-file': 'a file named by the exports map is not in the package',
  /** The declarations promise a name the built code does not export (what esbuild did to @vchat/xmpp-chat). */
  'missing-export': 'a name the declarations promise is missing from the built code',
  /** The built code imports a package the manifest does not declare (here React, which the app has anyway). */
  'missing-peer': 'an imported package is neither a dependency nor a peer dependency',
  /** No declarations at all for an entry. */
  'missing-type': 'an entry has no type declarations',
  /** A declaration refers to a declaration file the package does not ship. */
  'private-type': 'a declaration refers to a type the package does not ship',
} as const
export type Fault = keyof typeof FAULTS
export type Variant = 'sound' | Fault

export function fixtureVersion(variant: Variant): string {
  return `1.0.0-${variant}`
}

/** The files of the package in one variant. */
function packageFiles(variant: Variant): Record<string, string> {
  const manifest: Manifest & Record<string, unknown> = {
    name: FIXTURE_PACKAGE,
    version: fixtureVersion(variant),
    license: 'MIT',
    type: 'module',
    exports: {
      '.': variant === 'missing-type' ? './dist/index.js' : { types: './dist/index.d.ts', default: './dist/index.js' },
      './styles.css': './dist/styles.css',
      './package.json': './package.json',
    },
    files: ['dist'],
    ...(variant === 'missing-peer' ? {} : { peerDependencies: { react: '^19.0.0' } }),
  }
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'dist/index.js': [
      "import { createElement } from 'react'",
      ...(variant === 'missing-export' ? [] : ["export const KIT_NAME = 'kit'"]),
      "export function badge(text) { return createElement('span', { className: 'kit-badge' }, text) }",
      '',
    ].join('\n'),
    'dist/index.d.ts': [
      "import type { ReactElement } from 'react'",
      ...(variant === 'private-type'
        ? ["import type { Tone } from './tone.js'", 'export declare function badge(text: string, tone?: Tone): ReactElement']
        : ['export declare function badge(text: string): ReactElement']),
      'export declare const KIT_NAME: string',
      '',
    ].join('\n'),
    'dist/styles.css': '.kit-badge { color: teal; }\n',
  }
  if (variant === 'missing-file') delete files['dist/styles.css']
  if (variant === 'missing-type') delete files['dist/index.d.ts']
  return files
}

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
}

/** Writes the variant into `dir` and packs it with npm; the tarball's path. */
export async function packFixture(variant: Variant, dir: string): Promise<string> {
  const packageDir = join(dir, variant)
  await writeFiles(packageDir, packageFiles(variant))
  const packed = await runCommand('npm', ['pack', '--pack-destination', dir, '--loglevel=error'], packageDir)
  assertSucceeded(`npm pack of the ${variant} fixture`, packed)
  const tarball = packed.output.trim().split('\n').pop()
  if (!tarball?.endsWith('.tgz')) throw new Error(`npm pack named no tarball: ${packed.output}`)
  return join(dir, tarball)
}

/**
 * A new app that uses every entry of the package, with the consumer app's tsconfig (strict, the
 * packages' declarations checked) and Vite's defaults; it installs the sound version.
 */
export async function writeFixtureApp(appDir: string, versions: Record<string, string>, npmrc: string): Promise<void> {
  const pin = (name: string) => {
    const version = versions[name]
    if (!version) throw new Error(`the workspace catalog has no version of ${name}`)
    return version
  }
  const manifest = {
    name: 'vchat-fixture-app',
    private: true,
    type: 'module',
    dependencies: { [FIXTURE_PACKAGE]: fixtureVersion('sound'), react: pin('react') },
    devDependencies: { '@types/node': pin('@types/node'), '@types/react': pin('@types/react'), typescript: pin('typescript'), vite: pin('vite') },
  }
  await writeFiles(appDir, {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    '.npmrc': npmrc,
    'index.html': '<!doctype html>\n<html lang="en">\n  <body>\n    <script type="module" src="/src/main.ts"></script>\n  </body>\n</html>\n',
    'src/main.ts': [
      `import '${FIXTURE_PACKAGE}/styles.css'`,
      `import { badge, KIT_NAME } from '${FIXTURE_PACKAGE}'`,
      `import kitManifest from '${FIXTURE_PACKAGE}/package.json'`,
      '',
      'document.title = `${KIT_NAME} ${kitManifest.version}`',
      'document.body.dataset.badge = String(badge(KIT_NAME).type)',
      '',
    ].join('\n'),
  })
  await cp(join(APP_TEMPLATE, 'tsconfig.json'), join(appDir, 'tsconfig.json'))
}
