// @vitest-environment node
import { ruleTester } from './ruleTester.ts'
import { featureBoundary } from './featureBoundary.ts'

const features = '/repo/packages/app-core/src/features'
const chat = `${features}/chat/ChatView.tsx`
const nested = `${features}/chat/parts/Composer.tsx`
const deeper = `${features}/chat/parts/gifts/GiftRow.tsx`

const internal = (feature: string, entry: string) => ({ messageId: 'internal', data: { feature, entry } })

ruleTester.run('feature-boundary', featureBoundary, {
  valid: [
    // Another feature through its public entry: the folder, or its index.
    { filename: chat, code: "import { CoinStorePanel } from '../wallet'" },
    { filename: chat, code: "import { CoinStorePanel } from '../wallet/index'" },
    { filename: chat, code: "import { CoinStorePanel } from '../wallet/index.ts'" },
    { filename: chat, code: "import type { HubTransportLike } from '../call'" },
    { filename: nested, code: "import { usePerson } from '../../users'" },
    { filename: deeper, code: "import { usePerson } from '../../../users/'" },
    { filename: chat, code: "export { usePerson } from '../users'" },
    { filename: chat, code: "const load = () => import('../wallet')" },
    // The file's own feature, at any depth.
    { filename: chat, code: "import { chatSlice } from './chatSlice'" },
    { filename: nested, code: "import { chatSlice } from '../chatSlice'" },
    { filename: nested, code: "import { Row } from './gifts/GiftRow'" },
    { filename: chat, code: "const load = () => import('./MessageScreen')" },
    { filename: deeper, code: "import { chatSlice } from '../../../chat/chatSlice'" },
    // Outside the features: the app, layout, routes, testing; packages; stylesheets of the layout.
    { filename: chat, code: "import { useAppDispatch } from '../../app/hooks'" },
    { filename: chat, code: "import { profilePathOf } from '../../routes/paths'" },
    { filename: chat, code: "import { fakeServices } from '../../testing/fakeServices'" },
    { filename: chat, code: "import '../../layout/discover.css'" },
    { filename: chat, code: "import { Button } from '@vchat/ui'" },
    // Only written paths can be checked.
    { filename: chat, code: 'const load = (name: string) => import(`../${name}/screen`)' },
    // Files outside a feature folder (routes load screens by path, one chunk each) are not checked.
    { filename: '/repo/packages/app-core/src/routes/routes.ts', code: "const load = () => import('../features/wallet/CoinStore')" },
    { filename: '/repo/packages/app-core/src/app/rootReducer.ts', code: "import { authSlice } from '../features/auth/authSlice'" },
    // Windows separators in the file name.
    { filename: 'C:\\repo\\packages\\app-core\\src\\features\\chat\\ChatView.tsx', code: "import { usePerson } from '../users'" },
  ],
  invalid: [
    { filename: chat, code: "import { CoinStorePanel } from '../wallet/CoinStore'", errors: [internal('wallet', '../wallet')] },
    { filename: chat, code: "import type { HubTransportLike } from '../call/hubSignalling'", errors: [internal('call', '../call')] },
    { filename: chat, code: "export { usePerson } from '../users/usePerson'", errors: [internal('users', '../users')] },
    { filename: chat, code: "export * from '../users/usePerson'", errors: [internal('users', '../users')] },
    { filename: chat, code: "import '../discover/discover.css'", errors: [internal('discover', '../discover')] },
    // A subfolder of the other feature is one of its modules too.
    { filename: chat, code: "import { Part } from '../wallet/parts/Part'", errors: [internal('wallet', '../wallet')] },
    // From a nested folder of the importing feature; the message names the entry from there.
    { filename: nested, code: "import { usePerson } from '../../users/usePerson'", errors: [internal('users', '../../users')] },
    { filename: deeper, code: "import { selectGemsBalance } from '../../../account/accountSlice'", errors: [internal('account', '../../../account')] },
    // A detour through the features folder or the source root reaches the same module.
    { filename: chat, code: "import { usePerson } from '../../features/users/usePerson'", errors: [internal('users', '../users')] },
    // Dynamic imports with a written path, and types that name a module.
    { filename: chat, code: "const load = () => import('../wallet/CoinStore')", errors: [internal('wallet', '../wallet')] },
    { filename: chat, code: 'const load = () => import(`../wallet/CoinStore`)', errors: [internal('wallet', '../wallet')] },
    { filename: chat, code: "type Store = typeof import('../wallet/CoinStore')", errors: [internal('wallet', '../wallet')] },
    { filename: chat, code: "import store = require('../wallet/CoinStore')", errors: [internal('wallet', '../wallet')] },
    // Tests and stories are held to the same boundary.
    {
      filename: `${features}/chat/MessageScreen.test.tsx`,
      code: "import { DEFAULT_SETTINGS } from '../settings/settingsSlice'",
      errors: [internal('settings', '../settings')],
    },
    {
      filename: `${features}/match/MatchScreen.stories.tsx`,
      code: "import { signedInAs } from '../discover/testState'",
      errors: [internal('discover', '../discover')],
    },
    // Each offending import is reported.
    {
      filename: chat,
      code: "import { usePerson } from '../users/usePerson'\nimport { selectGemsBalance } from '../account/accountSlice'\nimport { CoinStorePanel } from '../wallet'",
      errors: [internal('users', '../users'), internal('account', '../account')],
    },
  ],
})
