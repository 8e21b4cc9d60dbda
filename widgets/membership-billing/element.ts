/** <chairside-membership-billing>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { membershipBillingDefinition } from './definition.js';
import { MembershipBillingElement } from './MembershipBilling.js';

export const membershipBillingAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'membership-id': z.pipe(
      z.string({ error: 'is required: the membership’s id, such as 12' }),
      z.transform((v, ctx): number => {
        const n = Number(v.trim());
        if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            message: `must be a membership id, a positive whole number such as 12 (got "${v}")`,
          });
          return z.NEVER;
        }
        return n;
      }),
    ),
  }),
  z.transform((a) => ({ membershipId: a['membership-id'] })),
);

export default defineWidget(membershipBillingDefinition, MembershipBillingElement, {
  attributes: membershipBillingAttributes,
});
