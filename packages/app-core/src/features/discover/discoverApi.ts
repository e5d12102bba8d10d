import type { ApiClient } from '@vchat/api-client'

/** The product endpoints host lists, match, profiles, the social lists, the exclusive page and the lucky box call (SPEC §7). */
export const DISCOVER_API_METHODS = [
  'getHotAnchors',
  'getNewAnchors',
  'getAnchorProfile',
  'getSwipeAnchors',
  'getRecommendedAnchors',
  'getClubAnchors',
  'getStoryLine',
  'getContactPopupInfo',
  'getMultiOnlineStatus',
  'setAnchorOnlineNotice',
  'getAnchorAccounts',
  'getClubRewardRecords',
  'getClubCallTimes',
  'changeRelation',
  'getLikeList',
  'getFriendList',
  'getFriendsRelative',
  'autoAddFriend',
  'changeUserFavorite',
  'getFavoriteCapability',
  'queryUserFavorite',
  'getFavoriteList',
  'getExclusiveAnchors',
  'getLuckyBoxInfo',
  'openLuckyBox',
] as const satisfies readonly (keyof ApiClient)[]

export type DiscoverApiMethod = (typeof DISCOVER_API_METHODS)[number]
export type DiscoverApi = Pick<ApiClient, DiscoverApiMethod>

/**
 * Methods that wait for the lazily loaded client, then call it (the lazy API facade's forwarding,
 * written once for a list of method names).
 */
export function forwardLazy<K extends keyof ApiClient>(
  get: () => Promise<Pick<ApiClient, K>>,
  names: readonly K[],
): Pick<ApiClient, K> {
  const methods: Partial<Record<K, unknown>> = {}
  for (const name of names) {
    methods[name] = async (...args: unknown[]) => {
      const client = await get()
      // Each method keeps its own parameter list; the facade passes the arguments through unchanged.
      return (client[name] as (...params: unknown[]) => unknown)(...args)
    }
  }
  return methods as Pick<ApiClient, K>
}
