import type { ApiClient } from '@vchat/api-client'

/** The payment endpoints (SPEC §7 payment_service) and the pay history (common_service pay_records_v2). */
export const WALLET_API_METHODS = [
  'getPaymentChannels',
  'createOrder',
  'saveBankCard',
  'getPayOrderStatus',
  'authenticatePayment',
  'getPayRecords',
] as const satisfies readonly (keyof ApiClient)[]

export type WalletApiMethod = (typeof WALLET_API_METHODS)[number]
export type WalletApi = Pick<ApiClient, WalletApiMethod>
