export { openChatDb, openNoticeDb, localOfficialThread } from './openDb'
export type { ChatDb, NoticeDb } from './openDb'
export { createChatDexie, createNoticeDexie } from './databases'
export type { ChatDexie, DbOptions, NoticeDexie } from './databases'
export { hasEmptyType } from './repositories'
export { StorageQuotaError, createMessageStore } from './messageStore'
export type { MessageStore } from './messageStore'
export type {
  MessagesRepository,
  OnlineUsersRepository,
  PutMessageResult,
  ThreadListItem,
  ThreadsRepository,
  UsersRepository,
  VideoCallsRepository,
} from './repositories'
export { MessageType } from './types'
export type {
  LinkedUser,
  Message,
  MessageState,
  NewMessage,
  NewThread,
  OnlineUser,
  Thread,
  User,
  VideoCall,
} from './types'
export {
  CHAT_DB_NAME,
  CHAT_DB_SCHEMA,
  CHAT_DB_VERSION,
  DEFAULT_THREAD_PAGE_SIZE,
  LOCAL_OFFICIAL_THREAD_ID,
  LOCAL_OFFICIAL_THREAD_TID,
  NOTICE_DB_NAME,
  NOTICE_DB_SCHEMA,
  NOTICE_DB_VERSION,
} from './constants'
