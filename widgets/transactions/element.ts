/** <chairside-transactions>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { flagAttribute, themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { idAttribute } from './attributes.js';
import { transactionsDefinition } from './definition.js';
import { Transactions } from './Transactions.js';

export const transactionsAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'customer-key': idAttribute('a patient number', false),
    'notification-id': z.optional(
      z.uuid({ error: (issue) => `must be a payment request id, a UUID (got "${String(issue.input)}")` }),
    ),
    'payment-plan-detail-id': idAttribute('a payment plan detail id', false),
    'company-wide': flagAttribute(false),
    'company-id': idAttribute('a practice id', false),
  }),
  z.transform((a) => ({
    customerKey: a['customer-key'],
    notificationId: a['notification-id'],
    paymentPlanDetailId: a['payment-plan-detail-id'],
    companyWide: a['company-wide'],
    companyId: a['company-id'],
  })),
);

export default defineWidget(transactionsDefinition, Transactions, { attributes: transactionsAttributes });
