/**
 * Accounts created on first start (and after --reset). Add rows here to grow the seed; every seeded
 * account signs in with SEED_PASSWORD. jids follow `user_<uid>@<domain>` and `anchor_<uid>@<domain>`.
 */

export interface SeedUser {
  uid: string
  nickName: string
  paid: boolean
  gemsBalance: number
  silverBalance?: number
}

export interface SeedAnchor {
  uid: string
  nickName: string
  country: string
  language: string
  gender: 'female' | 'male'
  privateChatPrice: number
  about?: string
}

export const SEED_USERS: readonly SeedUser[] = [
  { uid: '100001', nickName: 'Demo Paid', paid: true, gemsBalance: 500 },
  { uid: '100002', nickName: 'Demo Free', paid: false, gemsBalance: 0 },
  // A/B test seeds: one uid of each parity.
  { uid: '264457001', nickName: 'Tester A', paid: false, gemsBalance: 0 },
  { uid: '264457002', nickName: 'Tester B', paid: false, gemsBalance: 0 },
]

export const SEED_ANCHORS: readonly SeedAnchor[] = [
  { uid: '200001', nickName: 'Aisha', country: 'AE', language: 'ar', gender: 'female', privateChatPrice: 60 },
  { uid: '200002', nickName: 'Priya', country: 'IN', language: 'hi', gender: 'female', privateChatPrice: 40 },
  { uid: '200003', nickName: 'Sofia', country: 'BR', language: 'pt', gender: 'female', privateChatPrice: 50 },
  { uid: '200004', nickName: 'Emma', country: 'GB', language: 'en', gender: 'female', privateChatPrice: 80 },
  { uid: '200005', nickName: 'Layla', country: 'SA', language: 'ar', gender: 'female', privateChatPrice: 70 },
  { uid: '200006', nickName: 'Elif', country: 'TR', language: 'tr', gender: 'female', privateChatPrice: 45 },
  { uid: '200007', nickName: 'Omar', country: 'EG', language: 'ar', gender: 'male', privateChatPrice: 30 },
  { uid: '200008', nickName: 'Lucia', country: 'MX', language: 'es', gender: 'female', privateChatPrice: 55 },
]
