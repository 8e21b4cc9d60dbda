/** <chairside-payment-plan>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { paymentPlanDefinition } from './definition.js';
import { PaymentPlanElement } from './PaymentPlan.js';

export const paymentPlanAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'plan-id': z.pipe(
      z.string({ error: 'is required: the payment plan’s id, such as 12' }),
      z.transform((v, ctx): number => {
        const n = Number(v.trim());
        if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            message: `must be a payment plan id, a positive whole number such as 12 (got "${v}")`,
          });
          return z.NEVER;
        }
        return n;
      }),
    ),
  }),
  z.transform((a) => ({ planId: a['plan-id'] })),
);

export default defineWidget(paymentPlanDefinition, PaymentPlanElement, {
  attributes: paymentPlanAttributes,
});
