/** <chairside-transaction-details>: the element's code chunk (the loader imports it when one appears). */
import { z } from 'zod/mini';
import { themeAttribute } from '../runtime/attributes.js';
import { defineWidget } from '../runtime/defineWidget.js';
import { idAttribute } from './attributes.js';
import { transactionDetailsDefinition } from './definition.js';
import { TransactionDetails } from './details/TransactionDetails.js';

export const transactionDetailsAttributes = z.pipe(
  z.object({
    theme: themeAttribute,
    'transaction-id': idAttribute('a transaction id', true),
  }),
  z.transform((a) => ({ transactionId: a['transaction-id'] as number })),
);

export default defineWidget(transactionDetailsDefinition, TransactionDetails, {
  attributes: transactionDetailsAttributes,
});
