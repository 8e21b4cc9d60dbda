/** <chairside-payment-request>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { paymentRequestDefinition } from './definition.js';
import { PaymentRequest } from './PaymentRequest.js';

export const paymentRequestAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'notification-id': z.pipe(
      z.string({ error: 'is required: the payment request’s id, a UUID' }),
      z.uuid({ error: (issue) => `must be a payment request id, a UUID (got "${String(issue.input)}")` }),
    ),
  }),
  z.transform((a) => ({ notificationId: a['notification-id'] })),
);

export default defineWidget(paymentRequestDefinition, PaymentRequest, {
  attributes: paymentRequestAttributes,
});
