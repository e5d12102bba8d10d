import { defineConfig } from 'tsup'
import { PACKAGE_BUILD } from '../../tsup.shared.ts'

export default defineConfig({
  ...PACKAGE_BUILD,
  entry: ['src/index.ts', 'src/wire.ts'],
  // `src/index.ts` re-exports `./wire.ts`, which re-exports `@vchat/contract/wire`. esbuild's ESM output
  // of such a nested star re-export of another package fills a namespace object at run time instead of
  // exporting the names, so `import { MessageType } from '@vchat/xmpp-chat'` found nothing though the
  // declarations promise it. Each entry is built on its own (a shared chunk loses the re-export the same
  // way) and ends with the re-export itself.
  splitting: false,
  footer: ({ format }) => (format === 'esm' ? { js: "export * from '@vchat/contract/wire'" } : undefined),
})
