import type { UserBrief } from '@vchat/api-client'
import { useEffect, useMemo } from 'react'
import { shallowEqual } from 'react-redux'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { isAnchorJid } from '@vchat/contract'
import { requestUsers, selectUser } from './usersSlice'

/** How a screen shows a person: a name always (never a raw id), a photo when there is one. */
export interface Person {
  jid: string
  /** The nickname the server gives, else the name the screen already had, else "Host" / "Member". */
  name: string
  /** '' when none is known yet (the screen shows initials or a placeholder). */
  avatarUrl: string
  kind: 'anchor' | 'user'
  /** Whether the server has named this account (false while asking, or for an unknown account). */
  known: boolean
}

function personOf(jid: string, user: UserBrief | undefined, fallbackName: string | undefined, generic: (kind: Person['kind']) => string): Person {
  const kind = user?.kind ?? (isAnchorJid(jid) ? 'anchor' : 'user')
  const name = user?.nickName.trim() || fallbackName?.trim() || generic(kind)
  return { jid, name, avatarUrl: user?.avatarUrl ?? '', kind, known: user !== undefined }
}

/**
 * The person behind `jid`, asked of the server (once per session and TTL, however many screens ask).
 * `fallbackName` is a name the screen already holds (a thread's stored nickname) for the moment
 * before the server answers.
 */
export function usePerson(jid: string, fallbackName?: string): Person {
  const jids = useMemo(() => (jid ? [jid] : []), [jid])
  const fallbackNames = useMemo(() => (fallbackName ? { [jid]: fallbackName } : {}), [jid, fallbackName])
  const people = usePeople(jids, fallbackNames)
  // No jid (nothing to name yet): the generic name, nothing asked.
  return people[jid] ?? personOf(jid, undefined, fallbackName, () => '')
}

/** The people behind these jids (one question for all of them), by jid. */
const NO_NAMES: Readonly<Record<string, string>> = {}

export function usePeople(jids: readonly string[], fallbackNames: Readonly<Record<string, string>> = NO_NAMES): Record<string, Person> {
  const dispatch = useAppDispatch()
  const { t } = useTranslation('common')
  const key = jids.join(' ')
  const users = useAppSelector((state) => jids.map((jid) => selectUser(state, jid)), shallowEqual)
  useEffect(() => {
    if (key) void dispatch(requestUsers(key.split(' ')))
  }, [dispatch, key])
  return useMemo(() => {
    const generic = (kind: Person['kind']) => t(kind === 'anchor' ? 'person.host' : 'person.member')
    return Object.fromEntries(jids.map((jid, i) => [jid, personOf(jid, users[i], fallbackNames[jid], generic)]))
    // `key` stands for `jids` (a new array each render with the same content).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, users, fallbackNames, t])
}
