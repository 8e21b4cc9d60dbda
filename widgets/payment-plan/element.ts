/** <chairside-payment-plan>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { wholeNumberAttribute } from '../runtime/wholeNumberAttribute.js';
import { paymentPlanDefinition } from './definition.js';
import { PaymentPlanElement } from './PaymentPlan.js';

export const paymentPlanAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'plan-id': wholeNumberAttribute('a payment plan id', {
      missing: 'is required: the payment plan’s id, such as 12',
    }),
  }),
  z.transform((a) => ({ planId: a['plan-id'] })),
);

export default defineWidget(paymentPlanDefinition, PaymentPlanElement, {
  attributes: paymentPlanAttributes,
});
