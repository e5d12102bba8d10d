import type { FavoriteCapability, FriendListRequest, LikeListRequest } from '@vchat/contract'
import { FAVORITE_LIMIT_FREE, FAVORITE_LIMIT_PAID } from '../constants.ts'
import type { UserRow } from '../db/users.ts'
import type { AppContext } from '../app/context.ts'
import { ok, productRoute, refuse, signedIn, type ProductRequest, type Route } from '../http/routes.ts'
import { jidExists, paginate, relationUser } from '../world/anchors.ts'
import { addRelation, applyRelationAction, hasRelation, makeFriends, relationList, relative, removeRelation } from '../world/relations.ts'

/** A refusal reason when the target cannot be related to, else null. */
function checkTarget(app: AppContext, user: UserRow, targetJid: string): string | null {
  if (targetJid === user.jid) return 'targetJid is yourself'
  if (!jidExists(app, targetJid)) return 'unknown targetJid'
  return null
}

function relationPage(app: AppContext, entries: { jid: string; at: number }[], page: number, size: number) {
  const users = entries.flatMap((entry) => {
    const user = relationUser(app, entry.jid, entry.at)
    return user ? [user] : []
  })
  return paginate(users, page, size)
}

function favoriteCapability(app: AppContext, user: UserRow): FavoriteCapability {
  const count = (app.db.prepare("SELECT COUNT(*) AS n FROM relations WHERE from_jid = ? AND kind = 'favorite'").get(user.jid) as { n: number }).n
  return { enabled: true, limit: user.paid === 1 ? FAVORITE_LIMIT_PAID : FAVORITE_LIMIT_FREE, count }
}

/** A page of the signed-in user's likes or friends (the two lists answer alike). */
function relationListPage(request: ProductRequest<LikeListRequest | FriendListRequest>) {
  const { app, data } = request
  return ok(relationPage(app, relationList(app.db, signedIn(request).jid, data.type), data.page, data.size))
}

export const friendsRoutes: Route[] = [
  productRoute('changeRelation', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const problem = checkTarget(app, user, data.targetJid) ?? applyRelationAction(app.db, user.jid, data.targetJid, data.action, app.now())
      return problem ? refuse(problem) : ok(relative(app.db, user.jid, data.targetJid))
    },
  }),
  productRoute('getLikeList', { handle: relationListPage }),
  productRoute('getFriendList', { handle: relationListPage }),
  productRoute('getFriendsRelative', {
    handle(request) {
      const user = signedIn(request)
      const problem = checkTarget(request.app, user, request.data.targetJid)
      return problem ? refuse(problem) : ok(relative(request.app.db, user.jid, request.data.targetJid))
    },
  }),
  productRoute('autoAddFriend', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const problem = checkTarget(app, user, data.targetJid)
      if (problem) return refuse(problem)
      if (!hasRelation(app.db, user.jid, data.targetJid, 'friend')) makeFriends(app.db, user.jid, data.targetJid, app.now())
      return ok(relative(app.db, user.jid, data.targetJid))
    },
  }),
  productRoute('changeUserFavorite', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const problem = checkTarget(app, user, data.targetJid)
      if (problem) return refuse(problem)
      if (data.favorite) {
        const capability = favoriteCapability(app, user)
        const already = hasRelation(app.db, user.jid, data.targetJid, 'favorite')
        if (!already && capability.count >= capability.limit) return refuse('favourite limit reached')
        addRelation(app.db, user.jid, data.targetJid, 'favorite', app.now())
      } else {
        removeRelation(app.db, user.jid, data.targetJid, 'favorite')
      }
      return ok({ targetJid: data.targetJid, favorite: data.favorite })
    },
  }),
  productRoute('getFavoriteCapability', {
    handle: (request) => ok(favoriteCapability(request.app, signedIn(request))),
  }),
  productRoute('queryUserFavorite', {
    handle(request) {
      const user = signedIn(request)
      const { targetJid } = request.data
      return ok({ targetJid, favorite: hasRelation(request.app.db, user.jid, targetJid, 'favorite') })
    },
  }),
  productRoute('getFavoriteList', {
    handle(request) {
      const { app, data } = request
      return ok(relationPage(app, relationList(app.db, signedIn(request).jid, 'favorite'), data.page, data.size))
    },
  }),
]
