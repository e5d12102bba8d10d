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

/** What the anchor profile adds to a seeded anchor (derived from the uid, so the seed stays stable). */
export interface SeedAnchorProfile {
  birthday: string
  onlineStatus: 'online' | 'busy' | 'offline'
  hotScore: number
  /** Days after 2025-01-01 the anchor joined (the new list is newest first). */
  joinedDay: number
  isClub: boolean
  silverCallPrice: number
  photoCount: number
}

export const SEED_USERS: readonly SeedUser[] = [
  { uid: '100001', nickName: 'Demo Paid', paid: true, gemsBalance: 500 },
  { uid: '100002', nickName: 'Demo Free', paid: false, gemsBalance: 0 },
  // A/B test seeds: one uid of each parity.
  { uid: '264457001', nickName: 'Tester A', paid: false, gemsBalance: 0 },
  { uid: '264457002', nickName: 'Tester B', paid: false, gemsBalance: 0 },
]


/** A small deterministic hash of a string (FNV-1a), for seed variety without randomness. */
export function seedHash(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** Countries of the SPEC §9 flag list with the interface language their anchors speak. */
const COUNTRY_LANGUAGE: readonly [string, string][] = [
  ['BH', 'ar'], ['OM', 'ar'], ['GB', 'en'], ['SA', 'ar'], ['DE', 'de'], ['AE', 'ar'], ['QA', 'ar'], ['KW', 'ar'],
  ['IN', 'hi'], ['FR', 'fr'], ['EG', 'ar'], ['US', 'en'], ['AU', 'en'], ['CA', 'fr'], ['DK', 'en'], ['IE', 'en'],
  ['IT', 'it'], ['NZ', 'en'], ['CH', 'de'], ['TR', 'tr'], ['BR', 'pt'], ['MX', 'es'], ['PE', 'es'], ['AT', 'de'],
  ['SE', 'en'], ['NO', 'en'], ['ES', 'es'], ['NL', 'en'], ['NG', 'en'], ['IN', 'en'], ['TR', 'tr'], ['FR', 'fr'],
]

const NAMES: Record<string, { female: string[]; male: string[] }> = {
  ar: { female: ['Noor', 'Mariam', 'Yasmin', 'Huda', 'Salma', 'Rania', 'Dana', 'Lina'], male: ['Karim', 'Yousef'] },
  en: { female: ['Olivia', 'Grace', 'Chloe', 'Ruby', 'Amelia', 'Isla', 'Zoe', 'Ava'], male: ['Jack', 'Liam'] },
  hi: { female: ['Ananya', 'Kavya', 'Meera', 'Riya', 'Isha', 'Diya'], male: ['Arjun', 'Rohan'] },
  fr: { female: ['Camille', 'Manon', 'Chloé', 'Inès', 'Léa'], male: ['Hugo', 'Louis'] },
  es: { female: ['Valentina', 'Camila', 'Martina', 'Daniela', 'Lucía'], male: ['Mateo', 'Diego'] },
  tr: { female: ['Zeynep', 'Ece', 'Defne', 'Ayşe', 'Selin'], male: ['Emir', 'Kerem'] },
  de: { female: ['Mia', 'Hannah', 'Lena', 'Lea', 'Marie'], male: ['Felix', 'Jonas'] },
  it: { female: ['Giulia', 'Chiara', 'Sofia', 'Aurora'], male: ['Luca', 'Marco'] },
  pt: { female: ['Beatriz', 'Larissa', 'Gabriela', 'Ana'], male: ['Thiago', 'Rafael'] },
}

const ABOUT: Record<string, string[]> = {
  ar: ['أحب السفر والقهوة', 'لنتحدث ونضحك معًا'],
  en: ['Coffee, music and long talks.', 'Say hi, I love meeting new people!'],
  hi: ['मुझे संगीत और यात्रा पसंद है', 'चलो बातें करें!'],
  fr: ['Musique, voyages et bonne humeur.', 'Viens discuter avec moi !'],
  es: ['Me encanta bailar y reír.', '¡Hablemos un rato!'],
  tr: ['Müzik ve kahve aşığı.', 'Hadi sohbet edelim!'],
  de: ['Musik, Reisen und gute Gespräche.', 'Schreib mir!'],
  it: ['Amo la musica e il mare.', 'Parliamo un po’!'],
  pt: ['Amo dançar e conversar.', 'Vamos conversar!'],
}

/** uid 200009 upwards: 56 more anchors across the flag list, languages and genders. */
function generatedAnchors(): SeedAnchor[] {
  const anchors: SeedAnchor[] = []
  for (let i = 0; i < 56; i += 1) {
    const uid = String(200009 + i)
    const [country, language] = COUNTRY_LANGUAGE[i % COUNTRY_LANGUAGE.length] ?? ['US', 'en']
    const hash = seedHash(uid)
    const gender: 'female' | 'male' = hash % 7 === 0 ? 'male' : 'female'
    const pool = NAMES[language] ?? NAMES.en!
    const names = pool[gender]
    const about = ABOUT[language] ?? ABOUT.en!
    anchors.push({
      uid,
      nickName: names[(hash >>> 3) % names.length] ?? 'Anchor',
      country,
      language,
      gender,
      privateChatPrice: 20 + ((hash >>> 5) % 21) * 5,
      about: about[(hash >>> 9) % about.length] ?? '',
    })
  }
  return anchors
}

const STATUSES = ['online', 'online', 'online', 'busy', 'offline', 'offline', 'offline'] as const

/** The profile part of a seeded anchor, derived from its uid. */
export function seedAnchorProfile(uid: string): SeedAnchorProfile {
  const hash = seedHash(`profile:${uid}`)
  const year = 1990 + (hash % 15)
  const month = 1 + ((hash >>> 4) % 12)
  const day = 1 + ((hash >>> 8) % 28)
  return {
    birthday: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    onlineStatus: STATUSES[(hash >>> 12) % STATUSES.length] ?? 'offline',
    hotScore: (hash >>> 7) % 10_000,
    joinedDay: Number(uid) - 200000,
    isClub: Number(uid) % 4 === 1,
    silverCallPrice: 10 + ((hash >>> 16) % 5) * 5,
    photoCount: 2 + ((hash >>> 20) % 4),
  }
}

export const SEED_ANCHORS: readonly SeedAnchor[] = [
  { uid: '200001', nickName: 'Aisha', country: 'AE', language: 'ar', gender: 'female', privateChatPrice: 60 },
  { uid: '200002', nickName: 'Priya', country: 'IN', language: 'hi', gender: 'female', privateChatPrice: 40 },
  { uid: '200003', nickName: 'Sofia', country: 'BR', language: 'pt', gender: 'female', privateChatPrice: 50 },
  { uid: '200004', nickName: 'Emma', country: 'GB', language: 'en', gender: 'female', privateChatPrice: 80 },
  { uid: '200005', nickName: 'Layla', country: 'SA', language: 'ar', gender: 'female', privateChatPrice: 70 },
  { uid: '200006', nickName: 'Elif', country: 'TR', language: 'tr', gender: 'female', privateChatPrice: 45 },
  { uid: '200007', nickName: 'Omar', country: 'EG', language: 'ar', gender: 'male', privateChatPrice: 30 },
  { uid: '200008', nickName: 'Lucia', country: 'MX', language: 'es', gender: 'female', privateChatPrice: 55 },
  ...generatedAnchors(),
]
