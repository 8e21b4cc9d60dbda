/** <chairside-allocation>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { Allocation } from './Allocation.js';
import { allocationDefinition } from './definition.js';

/** A whole number of `what` (1 or more), named in the message. */
function wholeNumber(what: string, example: string) {
  return z.pipe(
    z.string({ error: `is required: ${what}, a positive whole number such as ${example}` }),
    z.transform((v, ctx): number => {
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
        ctx.issues.push({
          code: 'custom',
          input: v,
          message: `must be ${what}, a positive whole number such as ${example} (got "${v}")`,
        });
        return z.NEVER;
      }
      return n;
    }),
  );
}

export const allocationAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'customer-key': wholeNumber('a patient number', '1001'),
    'transaction-id': wholeNumber('a transaction id', '12'),
    amount: z.optional(wholeNumber('an amount in cents', '12500')),
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
