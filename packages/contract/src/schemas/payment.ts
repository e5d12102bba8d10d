/** payment_service and the image host: packages, orders, cards, records; uploads. */
import { z } from 'zod'
import type * as C from '../types.ts'
import { countryCode, exact, nonNegative, url } from './base.ts'

export const payStatus = exact<C.PayStatus>()(z.enum(['PENDING', 'TXN_SUCCESS', 'TXN_FAILURE', 'EXPIRED']))
const orderDetail = exact<C.OrderDetail>()(
  z
    .object({
      orderId: z.string(),
      currency: z.string().regex(/^[A-Z]{3}$/),
      amount: z.number().positive(),
      sku: z.string(),
      gems: z.number().int().positive(),
      country: z.string(),
      channelId: z.string(),
      createdAt: nonNegative,
      expiresAt: nonNegative,
    })
    .strict(),
)
const savedCard = exact<C.SavedCard>()(
  z
    .object({
      cardId: z.string(),
      brand: z.string(),
      last4: z.string().regex(/^\d{4}$/),
      expiryMonth: z.number().int(),
      expiryYear: z.number().int(),
      holderName: z.string(),
    })
    .strict(),
)

export const paymentRequests = {
  paymentChannels: exact<C.PaymentChannelsRequest>()(z.object({ country: countryCode.optional() }).strict()),
  createOrder: exact<C.CreateOrderRequest>()(
    z
      .object({
        clientOrderKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected 8–64 of A–Z a–z 0–9 _ -'),
        sku: z.string().regex(/^[a-z0-9_]{1,64}$/, 'expected a sku id'),
        country: countryCode,
        channelId: z.string().regex(/^[a-z_]{1,32}$/, 'expected a channel id'),
        cardId: z.string().regex(/^card_[a-f0-9]{16}$/, 'expected a saved card id').optional(),
      })
      .strict(),
  ),
  saveBankCard: exact<C.SaveBankCardRequest>()(
    z
      .object({
        cardToken: z.string().regex(/^tok_[A-Za-z0-9]{16,64}$/, 'expected a card token from the payment provider'),
        keep: z.boolean(),
      })
      .strict(),
  ),
  payOrderStatus: exact<C.PayOrderStatusRequest>()(
    z.object({ orderId: z.string().regex(/^ord_[a-f0-9]{20}$/, 'expected an order id') }).strict(),
  ),
  authenticationPayment: exact<C.AuthenticationPaymentRequest>()(
    z
      .object({
        orderId: z.string().regex(/^ord_[a-f0-9]{20}$/, 'expected an order id'),
        cardId: z.string().regex(/^card_[a-f0-9]{16}$/, 'expected a saved card id'),
      })
      .strict(),
  ),
} as const

export const paymentResponses = {
  paymentChannels: exact<C.PaymentChannelsResponse>()(
    z
      .object({
        countries: z.array(
          z
            .object({
              country: z.string(),
              currency: z.string(),
              channels: z.array(
                z.object({ channelId: z.string(), name: z.string(), type: z.enum(['card', 'upi', 'wallet']) }).strict(),
              ).min(1),
              skus: z
                .array(
                  z
                    .object({
                      sku: z.string(),
                      price: z.number().positive(),
                      country: z.string(),
                      currency: z.string(),
                      gems: z.number().int().positive(),
                      bonusGems: nonNegative,
                      tag: z.enum(['', 'hot', 'best']),
                    })
                    .strict(),
                )
                .min(1),
            })
            .strict(),
        ),
        cards: z.array(savedCard),
        gpayIsHide: z.boolean(),
        userPayInfo: z.object({ paid: z.boolean(), firstRecharge: z.boolean(), email: z.string(), name: z.string() }).strict(),
        extend_info: z
          .object({ defaultCountry: z.string(), firstRechargeBonusPercent: nonNegative, orderExpiresInSeconds: z.number().int().positive() })
          .strict(),
      })
      .strict(),
  ),
  createOrder: exact<C.CreateOrderResponse>()(
    z.object({ orderId: z.string(), payStatus, orderDetail, checkoutUrl: url }).strict(),
  ),
  savedCard,
  payOrderStatus: exact<C.PayOrderStatusResponse>()(
    z.object({ payStatus, orderDetail, gemsCredited: nonNegative, gemsBalance: nonNegative }).strict(),
  ),
  authenticationPayment: exact<C.AuthenticationPaymentResponse>()(
    z.object({ orderId: z.string(), payStatus, requiresChallenge: z.boolean(), authenticationUrl: url }).strict(),
  ),
  uploadImage: exact<C.UploadImageResponse>()(z.object({ url }).strict()),
} as const
