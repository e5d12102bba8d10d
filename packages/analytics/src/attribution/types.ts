/** SPEC §3: attribution info as the attribution vendor reports it. */
export interface AttributionInfo {
  readonly adid: string
  readonly tracker_token: string
  readonly tracker_name: string
  readonly network: string
  readonly campaign: string
  readonly adgroup: string
  readonly creative: string
  readonly click_label: string
  readonly state: string
}

export type AttributionEnvironment = 'sandbox' | 'production'

/**
 * The small surface of the attribution vendor's web SDK that we call. The real one wraps the
 * vendor script (`loadVendorAttributionSdk`); tests use a fake.
 */
export interface AttributionSdk {
  init(options: { appToken: string; environment: AttributionEnvironment }): void
  /** Resolves once the vendor knows the attribution; fields may be missing. */
  getAttribution(): Promise<Partial<Record<keyof AttributionInfo, unknown>> | null>
  /** The vendor's web uuid for this browser. */
  getWebUUID(): Promise<string | null>
}

/** Loads a script by URL (one `<script>` element per URL); rejects when it fails to load. */
/** Loads a script; with `integrity` the browser runs it only when its bytes match (SRI). */
export type ScriptLoader = (src: string, options?: { integrity?: string }) => Promise<void>

/** What is persisted and exposed. */
export interface AttributionSnapshot {
  readonly info: AttributionInfo
  readonly webUuid: string
  /** When it was fetched (ms since the epoch). */
  readonly updatedAt: number
}
