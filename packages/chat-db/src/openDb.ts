import { CHAT_DB_NAME, CHAT_DB_VERSION, LOCAL_OFFICIAL_THREAD_ID, LOCAL_OFFICIAL_THREAD_TID } from './constants'
import { createChatDexie, createNoticeDexie } from './databases'
import type { ChatDexie, DbOptions, NoticeDexie } from './databases'
import {
  createMessagesRepository,
  createOnlineUsersRepository,
  createThreadsRepository,
  createUsersRepository,
  createVideoCallsRepository,
} from './repositories'
import type {
  MessagesRepository,
  OnlineUsersRepository,
  ThreadsRepository,
  UsersRepository,
  VideoCallsRepository,
} from './repositories'
import { openThreadReader } from './threadReader'
import type { ThreadReaderDeps } from './threadReader'
import type { NewThread } from './types'

export interface ChatDb {
  readonly messages: MessagesRepository
  readonly threads: ThreadsRepository
  readonly users: UsersRepository
  readonly videocalls: VideoCallsRepository
  /** The Dexie instance, for live queries (`liveQuery`) and for tests. */
  readonly dexie: ChatDexie
  close(): void
}

export interface NoticeDb {
  readonly onlineUsers: OnlineUsersRepository
  readonly dexie: NoticeDexie
  close(): void
}

/**
 * Opens the chat database (version 3) and returns its repositories. Rejects when the browser
 * refuses IndexedDB (private mode, blocked storage) so that the caller can fall back.
 *
 * When the database already holds version 3, the cold path is one plain IndexedDB open, and the last
 * messages of a thread (`messages.lastOfThread`) are read on that connection: the Dexie instance
 * (and with it every other query) is built on first use and opens then (Dexie's auto-open), so
 * showing a conversation does not wait for Dexie's set-up. Otherwise (first run, another version,
 * no IndexedDB) Dexie opens right away: it creates or upgrades the database and reports a refusal.
 */
export async function openChatDb(options: DbOptions = {}): Promise<ChatDb> {
  const deps = readerDeps(options)
  // Dexie is built after the open, not while it is pending: the browser only takes the request up
  // once this task yields, so building Dexie meanwhile would only delay it.
  const reader = deps ? await openThreadReader(deps, options.name ?? CHAT_DB_NAME, CHAT_DB_VERSION) : undefined
  const dexie = once(() => createChatDexie(options))
  if (!reader) await dexie().open()
  const threads = once(() => createThreadsRepository(dexie()))
  const users = once(() => createUsersRepository(dexie()))
  const videocalls = once(() => createVideoCallsRepository(dexie()))
  return {
    messages: createMessagesRepository(dexie, reader),
    get threads() {
      return threads()
    },
    get users() {
      return users()
    },
    get videocalls() {
      return videocalls()
    },
    get dexie() {
      return dexie()
    },
    close: () => {
      reader?.close()
      // Built if it never was, so that later queries fail as closed instead of opening again.
      dexie().close()
    },
  }
}

/** `make()` on the first call, the same value on every later one. */
function once<T>(make: () => T): () => T {
  let value: { readonly made: T } | undefined
  return () => (value ??= { made: make() }).made
}

/** The IndexedDB Dexie would use: the one handed in, else the page's. */
function readerDeps(options: DbOptions): ThreadReaderDeps | undefined {
  const factory = options.indexedDB ?? globalThis.indexedDB
  const keyRange = options.IDBKeyRange ?? globalThis.IDBKeyRange
  if (!factory || !keyRange) return undefined
  return { indexedDB: factory as IDBFactory, IDBKeyRange: keyRange as typeof IDBKeyRange }
}

/** Opens the notice database (version 1). */
export async function openNoticeDb(options: DbOptions = {}): Promise<NoticeDb> {
  const dexie = createNoticeDexie(options)
  await dexie.open()
  return {
    onlineUsers: createOnlineUsersRepository(dexie),
    dexie,
    close: () => dexie.close(),
  }
}

/**
 * The local official conversation (SPEC §3: id 1.5, tid 'localOfficial') for the given main
 * user and official account. Store it with `threads.upsert`.
 */
export function localOfficialThread(input: {
  mainJid: string
  officialJid: string
  officialUid: string
  officialNickName: string
}): NewThread & { id: number } {
  return {
    id: LOCAL_OFFICIAL_THREAD_ID,
    tid: LOCAL_OFFICIAL_THREAD_TID,
    mainJid: input.mainJid,
    linkedJid: input.officialJid,
    unread: 0,
    linkedUser: {
      jid: input.officialJid,
      uid: input.officialUid,
      nickName: input.officialNickName,
    },
  }
}
