/**
 * @vchat/contract/schemas — runtime schemas of the product API, written by service beside the types
 * (`schemas/<service>.ts` for `types/<service>.ts`) and gathered here into `endpointSchemas`. Every
 * schema is checked at compile time to produce exactly its type (`exact<T>()`), and `endpointSchemas`
 * is checked to give every row of the endpoint table a request and a response schema of that row's
 * types, so a type the schema does not follow, or an endpoint without schemas, fails `tsc`. Request
 * schemas validate what a backend accepts (the dev-server answers HTTP 400 naming the field
 * otherwise); response schemas check what it answers (every answer in development, and the contract
 * test).
 */
import type { z } from 'zod'
import type { EndpointName, Endpoints } from './endpoints.ts'
import type { ErrorCode } from './types.ts'
import { accountRequests, accountResponses } from './schemas/account.ts'
import { anchorsRequests, anchorsResponses } from './schemas/anchors.ts'
import { baseRequests, baseResponses, emptyRequest, loginThrottledBody, pageRequest, targetJidRequest } from './schemas/base.ts'
import { commonRequests, commonResponses } from './schemas/common.ts'
import { friendsRequests, friendsResponses } from './schemas/friends.ts'
import { paymentRequests, paymentResponses } from './schemas/payment.ts'

export { accountSettings } from './schemas/account.ts'
export { clientInfo, deviceInfo, envelopeUserInfo, requestEnvelope } from './schemas/envelope.ts'

// ---- the endpoint table's schemas ---------------------------------------------------------------

/** What an endpoint sends as `data` (its params, or its fixed data) and what it answers. */
type DataOf<K extends EndpointName> = NonNullable<Endpoints[K]['types']>['data']
type ResponseOf<K extends EndpointName> = NonNullable<Endpoints[K]['types']>['response']

/**
 * Request and response schema of every product endpoint, by the endpoint table's names: the
 * dev-server's `productRoute(name, …)` takes path and auth from the table and validation from here.
 */
export const endpointSchemas = {
  userPwdLogin: { request: baseRequests.userPwdLogin, response: baseResponses.login },
  login: { request: baseRequests.login, response: baseResponses.login },
  logout: { request: emptyRequest, response: baseResponses.none },
  getWebsiteConfig: { request: emptyRequest, response: accountResponses.websiteConfig },
  getPersonalInfo: { request: emptyRequest, response: accountResponses.personalInfo },
  updatePersonalInfo: { request: accountRequests.updatePersonalInfo, response: accountResponses.personalInfo },
  getConfig: { request: emptyRequest, response: baseResponses.config },
  getAccount: { request: baseRequests.account, response: baseResponses.account },
  claimCheckInReward: { request: accountRequests.reward, response: accountResponses.reward },
  getAnchorAccounts: { request: accountRequests.anchorAccount, response: accountResponses.anchorAccount },
  getFirstCallInfo: { request: emptyRequest, response: baseResponses.firstCallInfo },
  getPaidUserFreeCall: { request: emptyRequest, response: accountResponses.paidUserFreeCall },
  translate: { request: accountRequests.translate, response: accountResponses.translate },
  getMaintenanceStatus: { request: emptyRequest, response: baseResponses.maintenance },
  getHotAnchors: { request: anchorsRequests.anchorList, response: anchorsResponses.anchorPage },
  getNewAnchors: { request: anchorsRequests.anchorList, response: anchorsResponses.anchorPage },
  getAnchorProfile: { request: anchorsRequests.anchorProfile, response: anchorsResponses.anchorProfile },
  getSwipeAnchors: { request: anchorsRequests.swipe, response: anchorsResponses.swipe },
  getRecommendedAnchors: { request: anchorsRequests.anchorList, response: anchorsResponses.anchorPage },
  getClubAnchors: { request: pageRequest, response: anchorsResponses.clubAnchors },
  getStoryLine: { request: anchorsRequests.storyLine, response: anchorsResponses.storyLine },
  getContactPopupInfo: { request: emptyRequest, response: anchorsResponses.contactPopup },
  getExclusiveAnchors: { request: pageRequest, response: anchorsResponses.exclusiveAnchors },
  getUserProfiles: { request: commonRequests.userProfiles, response: commonResponses.userProfiles },
  getMultiOnlineStatus: { request: commonRequests.multiOnlineStatus, response: commonResponses.multiOnlineStatus },
  getUserTasksInfo: { request: emptyRequest, response: commonResponses.taskInfo },
  completeUserTask: { request: commonRequests.taskCompleted, response: commonResponses.taskCompleted },
  uploadPushToken: { request: commonRequests.uploadPushToken, response: commonResponses.uploadPushToken },
  setCheckInNotification: { request: commonRequests.checkInNotification, response: commonResponses.checkInNotification },
  triggerAutoMessage: { request: commonRequests.triggerAutoMessage, response: commonResponses.triggerAutoMessage },
  getPayRecords: { request: commonRequests.payRecords, response: commonResponses.payRecords },
  getCallRecords: { request: commonRequests.callRecords, response: commonResponses.callRecords },
  rateCall: { request: commonRequests.rateCall, response: commonResponses.rateCall },
  reportUser: { request: commonRequests.reportUser, response: commonResponses.reportUser },
  getSendMsgLock: { request: targetJidRequest, response: commonResponses.sendMsgLock },
  getGiftList: { request: emptyRequest, response: commonResponses.giftList },
  unlockImage: { request: commonRequests.unlockImage, response: commonResponses.unlockImage },
  getUnlockedImages: { request: commonRequests.unlockedImages, response: commonResponses.unlockedImages },
  getUserSupport: { request: emptyRequest, response: commonResponses.userSupport },
  getClubRewardRecords: { request: pageRequest, response: commonResponses.clubRewardRecords },
  getClubCallTimes: { request: emptyRequest, response: commonResponses.clubCallTimes },
  setAnchorOnlineNotice: { request: commonRequests.anchorOnlineNotice, response: commonResponses.anchorOnlineNotice },
  getLuckyBoxInfo: { request: emptyRequest, response: commonResponses.luckyBoxInfo },
  openLuckyBox: { request: commonRequests.openLuckyBox, response: commonResponses.openLuckyBox },
  getPaymentChannels: { request: paymentRequests.paymentChannels, response: paymentResponses.paymentChannels },
  createOrder: { request: paymentRequests.createOrder, response: paymentResponses.createOrder },
  saveBankCard: { request: paymentRequests.saveBankCard, response: paymentResponses.savedCard },
  getPayOrderStatus: { request: paymentRequests.payOrderStatus, response: paymentResponses.payOrderStatus },
  authenticatePayment: { request: paymentRequests.authenticationPayment, response: paymentResponses.authenticationPayment },
  changeRelation: { request: friendsRequests.changeRelation, response: friendsResponses.friendsRelative },
  getLikeList: { request: friendsRequests.likeList, response: friendsResponses.relationPage },
  getFriendList: { request: friendsRequests.friendList, response: friendsResponses.relationPage },
  getFriendsRelative: { request: targetJidRequest, response: friendsResponses.friendsRelative },
  autoAddFriend: { request: targetJidRequest, response: friendsResponses.friendsRelative },
  changeUserFavorite: { request: friendsRequests.changeUserFavorite, response: friendsResponses.userFavorite },
  getFavoriteCapability: { request: emptyRequest, response: friendsResponses.favoriteCapability },
  queryUserFavorite: { request: targetJidRequest, response: friendsResponses.userFavorite },
  getFavoriteList: { request: pageRequest, response: friendsResponses.relationPage },
} as const satisfies {
  [K in EndpointName]: { request: z.ZodType<DataOf<K>>; response: z.ZodType<ResponseOf<K>> }
}

export type EndpointSchemas = typeof endpointSchemas

/** The public host wall (GET PUBLIC_HOSTS_PATH): its query and its answer. */
export const publicHostsSchemas = { request: anchorsRequests.publicHosts, response: anchorsResponses.publicHosts } as const

/** What the image host answers an upload (SPEC §7 `/upload`). */
export const uploadImageResponse = paymentResponses.uploadImage

/** The bodies of the HTTP errors that carry a `code` (ErrorCode), by code. */
export const errorSchemas = { LOGIN_THROTTLED: loginThrottledBody } as const satisfies Record<ErrorCode, z.ZodType>
