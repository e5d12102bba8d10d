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
