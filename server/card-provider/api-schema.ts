/**
 * The test provider's server-to-server API, as zod schemas: the provider validates requests with
 * them and the gateway (its client in the main server) validates the answers with them.
 */
import { z } from 'zod';

export const ProviderId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'use letters, digits and _ . : - only');
/** Integer cents; the provider's columns are 32-bit. */
export const Cents = z.number().int().positive().max(99_999_999);
export const IdempotencyKey = z.string().min(1).max(255);

export const NonceRequest = z.object({
  businessId: ProviderId,
  applicationId: ProviderId,
  cardNumber: z.string().max(40),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(8),
  zip: z.string().max(10).default(''),
});

export const TokenizeRequest = z.object({ businessId: ProviderId, nonce: z.string().min(1).max(100) });
export const ChargeRequest = z.object({
  businessId: ProviderId,
  token: z.string().min(1).max(100),
  amount: Cents,
  idempotencyKey: IdempotencyKey,
});
export const RefundRequest = z.object({
  businessId: ProviderId,
  referenceId: z.string().min(1).max(100),
  amount: Cents,
  idempotencyKey: IdempotencyKey,
});
export const VoidRequest = z.object({
  businessId: ProviderId,
  referenceId: z.string().min(1).max(100),
  idempotencyKey: IdempotencyKey,
});
export const ChargeStatusParams = z.object({ referenceId: z.string().min(1).max(100) });
/** A merchant's credentials, as an administrator's "test connection" sends them. */
export const AccountCheckRequest = z.object({
  businessId: ProviderId,
  appId: ProviderId,
  storeId: ProviderId,
  apiKey: z.string().min(1).max(200),
});
export const AccountCheckResponse = z.object({ businessId: z.string(), live: z.boolean() });
export const ChargeStatusQuery = z.object({ businessId: ProviderId });

export const CardType = z.enum(['VISA', 'AMERICAN_EXPRESS', 'DINERS_CLUB', 'JCB', 'MASTERCARD', 'DISCOVER']);

export const TokenizeResponse = z.object({
  token: z.string(),
  cardType: CardType,
  description: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  funding: z.enum(['CREDIT', 'DEBIT', 'PREPAID']),
});

export const OperationResponse = z.object({
  approved: z.boolean(),
  referenceId: z.string(),
  transactionResultId: z.string(),
  reason: z.string().nullable(),
});

export const ChargeStatusResponse = z.object({
  referenceId: z.string(),
  /** The short id people see: the reference id's first segment. */
  transactionId: z.string(),
  kind: z.enum(['SALE', 'REFUND', 'VOID']),
  amount: z.number().int(),
  approved: z.boolean(),
  createdAt: z.string(),
  settled: z.boolean(),
  settlesAt: z.string(),
  parentReferenceId: z.string().nullable(),
  /** For a sale: what approved refunds took back, whether it was voided, and what is left to refund. */
  refundedAmount: z.number().int(),
  voided: z.boolean(),
  refundableAmount: z.number().int(),
});

export const ErrorResponse = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), problem: z.string() })).optional(),
});

export type TokenizeAnswer = z.infer<typeof TokenizeResponse>;
export type OperationAnswer = z.infer<typeof OperationResponse>;
export type ChargeStatusAnswer = z.infer<typeof ChargeStatusResponse>;
