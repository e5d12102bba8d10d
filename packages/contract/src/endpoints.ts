import type * as C from './types.ts'

/**
 * One product endpoint: its path, whether it needs a signed-in user, and (as phantom types) what the
 * caller passes, what goes on the wire as `data`, and what the call resolves with. Endpoints whose
 * body the client fixes (`fixedData`) take no argument besides options.
 */
export interface EndpointDefinition<TParams, TResponse, TData = TParams> {
  readonly path: string
  /** False for the few endpoints a visitor calls (login, site configuration, maintenance). */
  readonly auth: boolean
  /** The data sent for endpoints whose body is fixed, e.g. account `{ action: 1 }`. */
  readonly fixedData?: object
  /** Type carrier only; never set. */
  readonly types?: { params: TParams; response: TResponse; data: TData }
}

interface EndpointOptions {
  /** Defaults to true: the endpoint needs a signed-in user's vcToken. */
  auth?: boolean
}

/** An endpoint whose data the caller supplies. */
export function endpoint<TParams extends object, TResponse>(
  path: string,
  options: EndpointOptions = {},
): EndpointDefinition<TParams, TResponse> {
  return { path, auth: options.auth ?? true }
}

/** An endpoint whose data is fixed by the client; the method takes only options. */
export function fixedEndpoint<TResponse, TData extends object = EmptyData>(
  path: string,
  fixedData: TData = {} as TData,
  options: EndpointOptions = {},
): EndpointDefinition<void, TResponse, TData> {
  return { path, fixedData, auth: options.auth ?? true }
}

/** The data of an endpoint that sends none. */
export type EmptyData = Record<string, never>

/**
 * The product API, one row per endpoint (SPEC §7). To add an endpoint: add its request and response
 * types to `types/<service>.ts`, a row here, its schemas to `schemas/<service>.ts` and their entry to
 * `endpointSchemas` (schemas.ts); `ApiClient` gets the typed method and the dev-server serves it with
 * `productRoute('<name>', { handle })`.
 */
export const endpoints = {
  // login_service
  userPwdLogin: endpoint<C.UserPwdLoginRequest, C.LoginResponse>('/api/login_service/user_pwd_login', { auth: false }),
  login: endpoint<C.LoginRequest, C.LoginResponse>('/api/login_service/login', { auth: false }),
  logout: fixedEndpoint<null>('/api/login_service/logout'),
  getWebsiteConfig: fixedEndpoint<C.WebsiteConfig>('/api/login_service/get_website_config', {}, { auth: false }),
  // common_service: profile
  getPersonalInfo: fixedEndpoint<C.PersonalInfo>('/api/common_service/get_manual_personal_info_v2'),
  updatePersonalInfo: endpoint<C.UpdatePersonalInfoRequest, C.PersonalInfo>(
    '/api/common_service/update_manual_personal_info_v2',
  ),
  // account_service
  getConfig: fixedEndpoint<C.ConfigInfo>('/api/account_service/combine_info'),
  getAccount: fixedEndpoint<C.AccountInfo, C.AccountRequest>('/api/account_service/account', {
    action: 1,
  }),
  claimCheckInReward: fixedEndpoint<C.RewardResponse, C.RewardRequest>('/api/account_service/reward', {
    rewardType: 3,
  }),
  getAnchorAccounts: endpoint<C.AnchorAccountRequest, C.AnchorAccountResponse>('/api/account_service/anchor_acount'),
  getFirstCallInfo: fixedEndpoint<C.FirstCallInfo>('/api/account_service/first_call_info'),
  getPaidUserFreeCall: fixedEndpoint<C.PaidUserFreeCall>('/api/account_service/paid_user_free_call'),
  // translate_service
  translate: endpoint<C.TranslateRequest, C.TranslateResponse>('/api/translate_service/translate'),
  // system_maintenance
  getMaintenanceStatus: fixedEndpoint<C.MaintenanceStatusResponse>('/api/system_maintenance/maintenance_status', {}, {
    auth: false,
  }),
  // anchorlist_services
  getHotAnchors: endpoint<C.AnchorListRequest, C.AnchorPage>('/api/anchorlist_services/anchor_list_hot'),
  getNewAnchors: endpoint<C.AnchorListRequest, C.AnchorPage>('/api/anchorlist_services/anchor_list_new'),
  getAnchorProfile: endpoint<C.AnchorProfileRequest, C.AnchorProfileResponse>('/api/anchorlist_services/anchor_profile'),
  getSwipeAnchors: endpoint<C.SwipeAnchorListRequest, C.SwipeAnchorListResponse>(
    '/api/anchorlist_services/swipe_anchor_list',
  ),
  getRecommendedAnchors: endpoint<C.AnchorListRequest, C.AnchorPage>('/api/anchorlist_services/recommend_friend_list'),
  getClubAnchors: endpoint<C.PageRequest, C.ClubAnchorListResponse>('/api/anchorlist_services/club_anchor_list'),
  getStoryLine: endpoint<C.StoryLineRequest, C.StoryLine>('/api/anchorlist_services/video_show_story_line'),
  getContactPopupInfo: fixedEndpoint<C.ContactPopupInfo>('/api/anchorlist_services/contact_popup_info'),
  getExclusiveAnchors: endpoint<C.PageRequest, C.ExclusiveAnchorListResponse>('/api/anchorlist_services/exclusive_anchor_list'),
  // common_service
  getUserProfiles: endpoint<C.UserProfilesRequest, C.UserProfilesResponse>('/api/common_service/user_profiles'),
  getMultiOnlineStatus: endpoint<C.MultiOnlineStatusRequest, C.MultiOnlineStatusResponse>(
    '/api/common_service/multi_online_status',
  ),
  getUserTasksInfo: fixedEndpoint<C.TaskInfo>('/api/common_service/user_tasks_info'),
  completeUserTask: endpoint<C.TaskCompletedRequest, C.TaskCompletedResponse>('/api/common_service/user_tasks_completed'),
  uploadPushToken: endpoint<C.UploadPushTokenRequest, C.UploadPushTokenResponse>('/api/common_service/upload_push_token'),
  setCheckInNotification: endpoint<C.CheckInNotificationRequest, C.CheckInNotificationResponse>(
    '/api/common_service/check_in_notification',
  ),
  triggerAutoMessage: endpoint<C.TriggerAutoMessageRequest, C.TriggerAutoMessageResponse>(
    '/api/common_service/trigger_auto_message',
  ),
  getPayRecords: endpoint<C.PayRecordsRequest, C.PayRecordsResponse>('/api/common_service/pay_records_v2'),
  getCallRecords: endpoint<C.CallRecordsRequest, C.CallRecordsResponse>('/api/common_service/call_records'),
  rateCall: endpoint<C.RateCallRequest, C.RateCallResponse>('/api/common_service/rate_call'),
  reportUser: endpoint<C.ReportUserRequest, C.ReportUserResponse>('/api/common_service/report_user'),
  getSendMsgLock: endpoint<C.TargetJidRequest, C.SendMsgLockResponse>('/api/common_service/send_msg_lock'),
  getGiftList: fixedEndpoint<C.GiftListResponse>('/api/common_service/gift_list'),
  unlockImage: endpoint<C.UnlockImageRequest, C.UnlockImageResponse>('/api/common_service/unlock_image'),
  getUnlockedImages: endpoint<C.UnlockedImagesRequest, C.UnlockedImagesResponse>('/api/common_service/unlocked_images'),
  getUserSupport: fixedEndpoint<C.UserSupportInfo>('/api/common_service/get_user_support'),
  getClubRewardRecords: endpoint<C.PageRequest, C.Page<C.ClubRewardRecord>>('/api/common_service/club_reward_record'),
  getClubCallTimes: fixedEndpoint<C.ClubCallTimes>('/api/common_service/club_call_times'),
  setAnchorOnlineNotice: endpoint<C.AnchorOnlineNoticeRequest, C.AnchorOnlineNoticeResponse>(
    '/api/common_service/anchor_online_notice',
  ),
  getLuckyBoxInfo: fixedEndpoint<C.LuckyBoxInfo>('/api/common_service/lucky_box_info'),
  openLuckyBox: endpoint<C.OpenLuckyBoxRequest, C.OpenLuckyBoxResponse>('/api/common_service/open_lucky_box'),
  // payment_service
  getPaymentChannels: endpoint<C.PaymentChannelsRequest, C.PaymentChannelsResponse>(
    '/api/payment_service/payment_channels',
  ),
  createOrder: endpoint<C.CreateOrderRequest, C.CreateOrderResponse>('/api/payment_service/create_order'),
  saveBankCard: endpoint<C.SaveBankCardRequest, C.SavedCard>('/api/payment_service/save_bank_card'),
  getPayOrderStatus: endpoint<C.PayOrderStatusRequest, C.PayOrderStatusResponse>('/api/payment_service/pay_order_status'),
  authenticatePayment: endpoint<C.AuthenticationPaymentRequest, C.AuthenticationPaymentResponse>(
    '/api/payment_service/checkout/authentication_payment',
  ),
  // friends_service
  changeRelation: endpoint<C.ChangeRelationRequest, C.FriendsRelative>('/api/friends_service/change_relation'),
  getLikeList: endpoint<C.LikeListRequest, C.RelationPage>('/api/friends_service/like_list'),
  getFriendList: endpoint<C.FriendListRequest, C.RelationPage>('/api/friends_service/friend_list'),
  getFriendsRelative: endpoint<C.TargetJidRequest, C.FriendsRelative>('/api/friends_service/friends_relative'),
  autoAddFriend: endpoint<C.TargetJidRequest, C.FriendsRelative>('/api/friends_service/auto_add_friend'),
  changeUserFavorite: endpoint<C.ChangeUserFavoriteRequest, C.UserFavorite>('/api/friends_service/change_user_favorite'),
  getFavoriteCapability: fixedEndpoint<C.FavoriteCapability>('/api/friends_service/enable_user_favorite'),
  queryUserFavorite: endpoint<C.TargetJidRequest, C.UserFavorite>('/api/friends_service/query_user_favorite'),
  getFavoriteList: endpoint<C.PageRequest, C.RelationPage>('/api/friends_service/query_user_favorite_list'),
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

/**
 * The public host wall (our addition, not a product endpoint): `GET`, no login, no device envelope,
 * so a visitor's first page can show live faces without the product client and a CDN can cache it.
 */
export const PUBLIC_HOSTS_PATH = '/api/public/live_hosts'
/** Hosts the public wall answers at most (two rows of six on a desktop, a screenful on a phone). */
export const PUBLIC_HOSTS_LIMIT = 12
