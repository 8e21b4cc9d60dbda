/**
 * The card provider's refusals and failures, in words a patient or a front desk can act on. A nonce
 * the provider no longer knows is the common case: it lives 15 minutes and is good once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CardProviderError } from './card-provider/gateway.js';
import { BusinessError } from './errors.js';

export const CARD_ENTRY_EXPIRED =
  'The card details have expired or were already used. Please enter the card again.';
export const CARD_PROVIDER_UNAVAILABLE =
  'The card processor could not be reached. Please try again in a moment.';
export const CARD_PROVIDER_REFUSED = 'The card processor refused this request. Please enter the card again.';

/** Rethrows a provider error as a business error (200, shown as a banner); anything else unchanged. */
export function asBusinessError(error: unknown, log: FastifyBaseLogger): never {
  if (!(error instanceof CardProviderError)) throw error;
  if (error.code === 'UNKNOWN_NONCE') throw new BusinessError(CARD_ENTRY_EXPIRED);
  log.warn({ status: error.status, code: error.code, err: error }, 'card provider refused a request');
  throw new BusinessError(error.status >= 500 ? CARD_PROVIDER_UNAVAILABLE : CARD_PROVIDER_REFUSED);
}
