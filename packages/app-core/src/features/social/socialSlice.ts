import { createSlice } from '@reduxjs/toolkit'
import type { FriendsRelative, RelationAction, RelationPage } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import { DISCOVER_PAGE_SIZE } from '../../constants'
import { loggedOut } from '../../app/authActions'
import { discoverReducer } from '../discover'
import type { SocialListKind, SocialListState, SocialState } from './socialState'
export type { SocialListKind, SocialListState, SocialState } from './socialState'

const initialSocialState: SocialState = { lists: {}, relations: {}, pending: {}, actionError: null }
const emptyList: SocialListState = { items: [], page: 0, hasMore: true, status: 'idle', loadingMore: false, error: null }

export const fetchSocialList = createAppAsyncThunk(
  'social/fetchList',
  async ({ kind, more = false }: { kind: SocialListKind; more?: boolean }, { extra, getState }) => {
    const list = socialOf(getState()).lists[kind]
    const page = more && list ? list.page + 1 : 1
    const paging = { page, size: DISCOVER_PAGE_SIZE }
    let result: RelationPage
    if (kind === 'like' || kind === 'liked_me' || kind === 'match') result = await extra.api.getLikeList({ ...paging, type: kind })
    else if (kind === 'favorites') result = await extra.api.getFavoriteList(paging)
    else result = await extra.api.getFriendList({ ...paging, type: kind })
    return result
  },
  {
    condition: ({ kind, more = false }, { getState }) => {
      const list = socialOf(getState()).lists[kind]
      if (!list) return !more
      return more ? list.status === 'ready' && list.hasMore && !list.loadingMore : list.status !== 'loading'
    },
  },
)

/** The relation with one account (friends_relative) and its favourite flag (query_user_favorite). */
export const loadRelation = createAppAsyncThunk('social/loadRelation', async (jid: string, { extra }) => {
  const [relation, favorite] = await Promise.all([
    extra.api.getFriendsRelative({ targetJid: jid }),
    extra.api.queryUserFavorite({ targetJid: jid }).catch(() => null),
  ])
  return favorite ? { ...relation, favorite: favorite.favorite } : relation
})

/** like / unlike / add_friend / accept_friend / reject_friend / remove_friend (change_relation). */
export const changeRelation = createAppAsyncThunk(
  'social/changeRelation',
  async ({ jid, action }: { jid: string; action: RelationAction }, { extra }) => extra.api.changeRelation({ targetJid: jid, action }),
  { condition: ({ jid }, { getState }) => !socialOf(getState()).pending[jid] },
)

/** Adds a friend without a request round (auto_add_friend, e.g. after a paid call or a match). */
export const autoAddFriend = createAppAsyncThunk('social/autoAddFriend', async (jid: string, { extra }) =>
  extra.api.autoAddFriend({ targetJid: jid }),
)

/** Favourite on or off (enable_user_favorite says whether the user may, then change_user_favorite). */
export const setFavorite = createAppAsyncThunk(
  'social/setFavorite',
  async ({ jid, favorite }: { jid: string; favorite: boolean }, { extra }) => {
    if (favorite) {
      const capability = await extra.api.getFavoriteCapability()
      if (!capability.enabled || capability.count >= capability.limit) throw new Error('favorite_limit')
    }
    return extra.api.changeUserFavorite({ targetJid: jid, favorite })
  },
  { condition: ({ jid }, { getState }) => !socialOf(getState()).pending[jid] },
)

function relationFallback(jid: string): FriendsRelative {
  return { targetJid: jid, liked: false, likedMe: false, friendStatus: 'none', favorite: false }
}

const socialSlice = createSlice({
  name: 'discover/social',
  initialState: initialSocialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchSocialList.pending, (state, action) => {
        const list = state.lists[action.meta.arg.kind] ?? { ...emptyList }
        if (action.meta.arg.more) list.loadingMore = true
        else list.status = 'loading'
        list.error = null
        state.lists[action.meta.arg.kind] = list
      })
      .addCase(fetchSocialList.fulfilled, (state, action) => {
        const previous = state.lists[action.meta.arg.kind] ?? emptyList
        const known = new Set(previous.items.map((item) => item.jid))
        state.lists[action.meta.arg.kind] = {
          items: action.meta.arg.more ? [...previous.items, ...action.payload.list.filter((item) => !known.has(item.jid))] : action.payload.list,
          page: action.payload.page,
          hasMore: action.payload.hasMore,
          status: 'ready',
          loadingMore: false,
          error: null,
        }
      })
      .addCase(fetchSocialList.rejected, (state, action) => {
        const list = state.lists[action.meta.arg.kind] ?? { ...emptyList }
        if (action.meta.arg.more) list.loadingMore = false
        else list.status = 'failed'
        list.error = action.error.message ?? 'unknown'
        state.lists[action.meta.arg.kind] = list
      })
      .addCase(loadRelation.fulfilled, (state, action) => {
        state.relations[action.payload.targetJid] = action.payload
      })
      .addCase(changeRelation.pending, (state, action) => {
        state.pending[action.meta.arg.jid] = true
        state.actionError = null
      })
      .addCase(changeRelation.fulfilled, (state, action) => {
        const jid = action.meta.arg.jid
        delete state.pending[jid]
        state.relations[jid] = action.payload
        // A request answered leaves /friendreq; a new friend joins the friends list on its next load.
        if (action.meta.arg.action === 'accept_friend' || action.meta.arg.action === 'reject_friend') {
          const received = state.lists.received
          if (received) received.items = received.items.filter((item) => item.jid !== jid)
          const accepted = action.meta.arg.action === 'accept_friend'
          if (accepted && state.lists.friends) state.lists.friends.status = 'idle'
        }
        if (action.meta.arg.action === 'remove_friend' && state.lists.friends) {
          state.lists.friends.items = state.lists.friends.items.filter((item) => item.jid !== jid)
        }
      })
      .addCase(changeRelation.rejected, (state, action) => {
        delete state.pending[action.meta.arg.jid]
        state.actionError = action.error.message ?? 'unknown'
      })
      .addCase(autoAddFriend.fulfilled, (state, action) => {
        state.relations[action.meta.arg] = action.payload
      })
      .addCase(setFavorite.pending, (state, action) => {
        state.pending[action.meta.arg.jid] = true
        state.actionError = null
      })
      .addCase(setFavorite.fulfilled, (state, action) => {
        const jid = action.meta.arg.jid
        delete state.pending[jid]
        state.relations[jid] = { ...(state.relations[jid] ?? relationFallback(jid)), favorite: action.payload.favorite }
        if (!action.payload.favorite && state.lists.favorites) {
          state.lists.favorites.items = state.lists.favorites.items.filter((item) => item.jid !== jid)
        }
      })
      .addCase(setFavorite.rejected, (state, action) => {
        delete state.pending[action.meta.arg.jid]
        state.actionError = action.error.message ?? 'unknown'
      })
      .addCase(loggedOut, () => initialSocialState)
  },
})

export const selectSocialList = (state: RootState, kind: SocialListKind): SocialListState => socialOf(state).lists[kind] ?? emptyList
export const selectRelation = (state: RootState, jid: string): FriendsRelative | undefined => socialOf(state).relations[jid]
export const selectRelationPending = (state: RootState, jid: string): boolean => socialOf(state).pending[jid] ?? false
export const selectSocialError = (state: RootState): string | null => socialOf(state).actionError

discoverReducer.inject({ reducerPath: 'social', reducer: socialSlice.reducer })

function socialOf(state: RootState): SocialState {
  return state.discover?.social ?? initialSocialState
}
