/** <chairside-stored-cards>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { storedCardsDefinition } from './definition.js';
import { StoredCards } from './StoredCards.js';
import type { StoredCardsMode } from './StoredCards.types.js';

/** A record id as an attribute: digits, a positive safe integer ("" is none when `emptyIsNone`). */
function idAttribute(example: string, { emptyIsNone = false } = {}) {
  return z.pipe(
    z.string(),
    z.transform((v, ctx): number | undefined => {
      if (emptyIsNone && v.trim() === '') return undefined;
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
        ctx.issues.push({
          code: 'custom',
          input: v,
          message: `must be an id such as ${example} (got "${v}")`,
        });
        return z.NEVER;
      }
      return n;
    }),
  );
}

export const storedCardsAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'customer-id': z.pipe(
      z.string({ error: 'is required: the patient’s Chairside customer id, such as 11' }),
      idAttribute('11'),
    ),
    mode: z._default(
      z.enum(['1', '2', '3'], {
        error: (issue) =>
          `must be "1" (form field), "2" (display) or "3" (button) (got "${String(issue.input)}")`,
      }),
      '3',
    ),
    // The element writes "" here when the patient has no card.
    value: z.optional(idAttribute('42', { emptyIsNone: true })),
  }),
  z.transform((a) => ({
    customerId: a['customer-id'] as number,
    mode: Number(a.mode) as StoredCardsMode,
    value: a.value,
  })),
);

export default defineWidget(storedCardsDefinition, StoredCards, { attributes: storedCardsAttributes });
