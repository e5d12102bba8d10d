import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'
import { SCRYPT_KEY_LENGTH, SCRYPT_N, SCRYPT_P, SCRYPT_R } from '../constants.ts'

const PREFIX = 'scrypt'

function encode(salt: Buffer, key: Buffer): string {
  return [PREFIX, SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString('base64'), key.toString('base64')].join('$')
}

/** A stored password: `scrypt$N$r$p$salt$key` (base64). */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password, salt, SCRYPT_KEY_LENGTH, { N: SCRYPT_N, r: SCRYPT_R, p: SCRYPT_P })
  return encode(salt, key)
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, saltText, keyText] = stored.split('$')
  if (prefix !== PREFIX || !n || !r || !p || !saltText || !keyText) return Promise.resolve(false)
  const salt = Buffer.from(saltText, 'base64')
  const expected = Buffer.from(keyText, 'base64')
  return new Promise((resolve, reject) => {
    scrypt(password, salt, expected.length, { N: Number(n), r: Number(r), p: Number(p) }, (error, key) => {
      if (error) reject(error)
      else resolve(key.length === expected.length && timingSafeEqual(key, expected))
    })
  })
}

/**
 * A stored password that no password matches, with the parameters real ones are hashed with now: a
 * login for a uid that does not exist is checked against it, so it costs the same scrypt as a wrong
 * password for one that does, and the answer time does not tell which uids exist. Built from fixed
 * bytes (an all-zero key no scrypt output will equal) rather than hashed at start-up, which would cost
 * a synchronous scrypt on every server start.
 */
export const UNMATCHABLE_PASSWORD_HASH = encode(Buffer.alloc(16, 0x5a), Buffer.alloc(SCRYPT_KEY_LENGTH))
