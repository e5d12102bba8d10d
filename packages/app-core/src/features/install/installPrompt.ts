// Kept apart from the install helpers: the app shell loads only this (it must listen from the start).

/** The install prompt the browser offered (Chromium's BeforeInstallPromptEvent). */
export interface DeferredInstallPrompt {
  prompt(): Promise<unknown>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferredPrompt: DeferredInstallPrompt | null = null
const listeners = new Set<() => void>()

/** Keeps the browser's install prompt for later (call once at start-up); returns the remover. */
export function captureInstallPrompt(target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null): () => void {
  if (!target) return () => {}
  const onPrompt = (event: Event) => {
    event.preventDefault()
    deferredPrompt = event as unknown as DeferredInstallPrompt
    listeners.forEach((listener) => listener())
  }
  const onInstalled = () => {
    deferredPrompt = null
    listeners.forEach((listener) => listener())
  }
  target.addEventListener('beforeinstallprompt', onPrompt)
  target.addEventListener('appinstalled', onInstalled)
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt)
    target.removeEventListener('appinstalled', onInstalled)
  }
}

export function currentInstallPrompt(): DeferredInstallPrompt | null {
  return deferredPrompt
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the browser's install prompt; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const prompt = deferredPrompt
  if (!prompt) return false
  await prompt.prompt()
  const choice = await prompt.userChoice
  deferredPrompt = null
  listeners.forEach((listener) => listener())
  return choice.outcome === 'accepted'
}
