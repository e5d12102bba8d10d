/**
 * DEVELOPMENT TRANSLATOR — not a real translation service. It is deterministic so screens and tests
 * can rely on it: a few common words are swapped from a small word list, and the result is marked
 * `[dev-<lang>] …` so nobody mistakes it for a real translation.
 */

export const DEV_TRANSLATOR_NAME = 'development'

const WORDS: Record<string, Record<string, string>> = {
  ar: { hello: 'مرحبا', hi: 'أهلا', thanks: 'شكرا', yes: 'نعم', no: 'لا', love: 'حب', friend: 'صديق' },
  hi: { hello: 'नमस्ते', hi: 'हाय', thanks: 'धन्यवाद', yes: 'हाँ', no: 'नहीं', love: 'प्यार', friend: 'दोस्त' },
  tr: { hello: 'merhaba', hi: 'selam', thanks: 'teşekkürler', yes: 'evet', no: 'hayır', love: 'aşk', friend: 'arkadaş' },
  fr: { hello: 'bonjour', hi: 'salut', thanks: 'merci', yes: 'oui', no: 'non', love: 'amour', friend: 'ami' },
  es: { hello: 'hola', hi: 'hola', thanks: 'gracias', yes: 'sí', no: 'no', love: 'amor', friend: 'amigo' },
  de: { hello: 'hallo', hi: 'hallo', thanks: 'danke', yes: 'ja', no: 'nein', love: 'Liebe', friend: 'Freund' },
  pt: { hello: 'olá', hi: 'oi', thanks: 'obrigado', yes: 'sim', no: 'não', love: 'amor', friend: 'amigo' },
  it: { hello: 'ciao', hi: 'ciao', thanks: 'grazie', yes: 'sì', no: 'no', love: 'amore', friend: 'amico' },
}

export function devTranslate(sourceText: string, targetLang: string): string {
  const primary = targetLang.split('-')[0] ?? targetLang
  const words = WORDS[primary] ?? {}
  const translated = sourceText.replace(/\p{L}+/gu, (word) => words[word.toLowerCase()] ?? word)
  return `[dev-${targetLang}] ${translated}`
}
