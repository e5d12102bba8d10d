import type { ComponentInfo } from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'

export function componentInfo(domain: string): ComponentInfo {
  return { hubDomain: `hub.${domain}`, giftDomain: `gift.${domain}`, helpDomain: `help.${domain}` }
}

export function getSetting(db: DatabaseSync, key: string): string | null {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined
  return row?.value ?? null
}

export function setSetting(db: DatabaseSync, key: string, value: string): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value)
}
