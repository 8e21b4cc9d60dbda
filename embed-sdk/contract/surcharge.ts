/**
 * The surcharge on a card payment. A practice that surcharges adds its rate, capped at 3 %, to credit
 * cards only; debit cards, cash and checks never carry one. A fraction of a cent rounds half up.
 */
import { z } from 'zod';
import { Cents, PositiveCents, RecordId } from './common.js';
import { post } from './endpoint.js';

/** The spec's surcharge result. */
export const SurchargeResult = z.object({
  surchargeAmount: Cents,
  /** `amount + surchargeAmount`: what the card is charged. */
  total: Cents,
});
export type SurchargeResult = z.infer<typeof SurchargeResult>;

export const surcharge = post('/api/surcharge', {
  writes: 'nothing',
  summary:
    'The surcharge and total for paying an amount with a card on file (looked up per card and amount).',
  body: z.object({
    customerSavedCardId: RecordId,
    amount: PositiveCents,
  }),
  value: SurchargeResult,
});
