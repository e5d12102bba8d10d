import { LOCAL_OFFICIAL_THREAD_ID, LOCAL_OFFICIAL_THREAD_TID } from './constants'
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
 */
export async function openChatDb(options: DbOptions = {}): Promise<ChatDb> {
  const dexie = createChatDexie(options)
  await dexie.open()
  return {
    messages: createMessagesRepository(dexie),
    threads: createThreadsRepository(dexie),
    users: createUsersRepository(dexie),
    videocalls: createVideoCallsRepository(dexie),
    dexie,
    close: () => dexie.close(),
  }
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
