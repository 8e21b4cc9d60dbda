/** <chairside-allocation>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { wholeNumberAttribute } from '../runtime/wholeNumberAttribute.js';
import { Allocation } from './Allocation.js';
import { allocationDefinition } from './definition.js';

export const allocationAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'customer-key': wholeNumberAttribute('a patient number', { example: '1001' }),
    'transaction-id': wholeNumberAttribute('a transaction id'),
    amount: z.optional(wholeNumberAttribute('an amount in cents', { example: '12500' })),
    purpose: z._default(
      z.enum(['save', 'associate'], {
        error: (issue) => `must be "save" or "associate" (got "${String(issue.input)}")`,
      }),
      'save',
    ),
  }),
  z.transform((a) => ({
    customerKey: a['customer-key'],
    transactionId: a['transaction-id'],
    amount: a.amount,
    purpose: a.purpose,
  })),
);

export default defineWidget(allocationDefinition, Allocation, { attributes: allocationAttributes });
