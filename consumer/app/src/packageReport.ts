/**
 * One real call into each package entry the app uses besides the app itself, made in the browser at
 * start. The smoke test reads the outcome from `<html data-vchat-packages>`: an entry that builds but
 * misbehaves once loaded fails it.
 */
import { validateEventName } from '@vchat/analytics'
import analyticsManifest from '@vchat/analytics/package.json'
import { stringifyQuery } from '@vchat/api-client'
import apiClientManifest from '@vchat/api-client/package.json'
import { validateBrandConfig } from '@vchat/app-core/brand'
import appCoreManifest from '@vchat/app-core/package.json'
import { hasEmptyType } from '@vchat/chat-db'
import chatDbManifest from '@vchat/chat-db/package.json'
import { isAnchorJid } from '@vchat/contract'
import { endpoints } from '@vchat/contract/http'
import contractManifest from '@vchat/contract/package.json'
import { clientInfo } from '@vchat/contract/schemas'
import { MessageType } from '@vchat/contract/wire'
import { directionOf } from '@vchat/i18n'
import i18nManifest from '@vchat/i18n/package.json'
import { parsePushNotice } from '@vchat/platform'
import platformManifest from '@vchat/platform/package.json'
import { contrastRatio, MIN_TEXT_CONTRAST } from '@vchat/ui'
import uiManifest from '@vchat/ui/package.json'
import { canStartCall } from '@vchat/webrtc-call'
import webrtcCallManifest from '@vchat/webrtc-call/package.json'
import { NS_MAM, xml } from '@vchat/xmpp-chat'
import xmppChatManifest from '@vchat/xmpp-chat/package.json'
import { bareJid } from '@vchat/xmpp-chat/wire'
import { brandConfig } from './brand'

const manifests = [
  analyticsManifest,
  apiClientManifest,
  appCoreManifest,
  chatDbManifest,
  contractManifest,
  i18nManifest,
  platformManifest,
  uiManifest,
  webrtcCallManifest,
  xmppChatManifest,
]

const checks: Array<[entry: string, passed: () => boolean]> = [
  ['@vchat/analytics', () => validateEventName('page_show') === null],
  ['@vchat/api-client', () => stringifyQuery({ page: 2 }) === 'page=2'],
  ['@vchat/app-core/brand', () => validateBrandConfig(brandConfig).id === 'kestrel'],
  ['@vchat/chat-db', () => hasEmptyType({ type: '' })],
  ['@vchat/contract', () => isAnchorJid('anchor_200001@kestrel.example')],
  ['@vchat/contract/http', () => endpoints.login.auth === false],
  ['@vchat/contract/schemas', () => !clientInfo.safeParse({ channel: 'web' }).success],
  ['@vchat/contract/wire', () => MessageType.Text === 0],
  ['@vchat/i18n', () => directionOf('ar') === 'rtl'],
  ['@vchat/platform', () => parsePushNotice({ data: { from: 'anchor_200001', type: '0' } }) !== null],
  ['@vchat/ui', () => contrastRatio(brandConfig.theme.buttonTextColor, brandConfig.theme.buttonColor) >= MIN_TEXT_CONTRAST],
  ['@vchat/webrtc-call', () => canStartCall({ messagingLive: true, jid: 'anchor_200001@kestrel.example' }).ok],
  ['@vchat/xmpp-chat', () => xml('presence').toString() === '<presence/>' && NS_MAM === 'urn:xmpp:mam:2'],
  ['@vchat/xmpp-chat/wire', () => bareJid('user_100001@kestrel.example/web') === 'user_100001@kestrel.example'],
]

/** `ok`, or the entries whose call gave another answer or threw. */
export function packageReport(): string {
  const failed = checks.filter(([, passed]) => {
    try {
      return !passed()
    } catch {
      return true
    }
  })
  return failed.length === 0 ? 'ok' : `failed: ${failed.map(([entry]) => entry).join(', ')}`
}

/** `name@version` of every package, as installed. */
export function installedPackages(): string {
  return manifests.map((manifest) => `${manifest.name}@${manifest.version}`).join(' ')
}
