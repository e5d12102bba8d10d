/**
 * The system state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
export interface SystemState {
  /** Last maintananceStatus from the server; null until the first answer. */
  maintenanceStatus: number | null
  /** A status request is in flight. */
  checking: boolean
  /** When the last status request started (services clock, ms), or null. */
  lastCheckAt: number | null
}
