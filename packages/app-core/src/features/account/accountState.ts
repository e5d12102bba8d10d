/**
 * The account state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
/** SPEC §3 account info. `null` balance = not loaded yet. */
export interface AccountState {
  paid: boolean
  gemsBalance: number | null
  silverBalance: number | null
  silverSpent: number | null
  /**
   * How many balances the server reported outside `loadAccount` (the hub, a purchase). A balance
   * reported while an account request is out is newer than that request's answer.
   */
  gemsReports?: number
}
