/**
 * The public payment page's API: no sign-in, the link's token is the key. The flows are in
 * server/payment-requests/paymentPage.ts.
 */
import * as contract from '../../../embed-sdk/contract/paymentPage.js';
import { pay, paymentPageView, quote, recordViewed } from '../../payment-requests/paymentPage.js';
import { answerPrivately } from '../privateAnswer.js';
import { defineRoute } from '../route.js';

export const paymentPageRoutes = [
  defineRoute(contract.paymentPage, { access: 'public' }, async ({ ctx, query, reply }) => {
    answerPrivately(reply);
    return paymentPageView(ctx, query.token);
  }),

  defineRoute(contract.recordViewed, { access: 'public' }, async ({ ctx, body, reply }) => {
    answerPrivately(reply);
    return recordViewed(ctx, body.token);
  }),

  defineRoute(contract.quote, { access: 'public' }, async ({ ctx, body, reply }) => {
    answerPrivately(reply);
    return quote(ctx, body.token, body.nonce);
  }),

  // Keyed by the Idempotency-Key as the virtual terminal is (transactions/requestCharges.ts): resumable.
  defineRoute(
    contract.pay,
    { access: 'public', resumable: true },
    async ({ ctx, body, reply, idempotencyKey }) => {
      answerPrivately(reply);
      return pay(ctx, body, idempotencyKey);
    },
  ),
];
