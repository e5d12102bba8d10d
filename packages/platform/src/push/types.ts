/** The part of a Firebase `MessagePayload` we read. */
export interface PushMessagePayload {
  readonly data?: Readonly<Record<string, string>>
  readonly notification?: { readonly title?: string; readonly body?: string; readonly image?: string }
}

/**
 * The push-messaging surface we call. The real one wraps Firebase Cloud Messaging
 * (`loadFirebasePushProvider`); tests use a fake.
 */
export interface PushProvider {
  /** Gets (or, when Firebase's own copy is due, refreshes with a PATCH) the registration token. */
  getToken(vapidKey: string): Promise<string>
  /** Deletes the token at the push service. */
  deleteToken(): Promise<boolean>
  /** Foreground messages; returns the unsubscribe function. */
  onMessage(handler: (payload: PushMessagePayload) => void): () => void
}

/** SPEC §3: push notice message, shown as an in-app notice (as text only). */
export interface PushNotice {
  /** Sender jid. */
  readonly from: string
  /** Message type number (SPEC §3). */
  readonly type: number
  readonly avatarUrl: string
  readonly content: string
}

/** Debug-level logging of swallowed failures (SPEC §8: failed push setup is swallowed silently). */
export interface DebugLogger {
  debug(message: string, details?: Record<string, unknown>): void
}
