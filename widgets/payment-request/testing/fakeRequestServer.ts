/** The payment request's calls, answered from memory as the sandbox would. */
import type { CurrentCompany } from '../../../embed-sdk/contract/company.js';
import type { PaymentRequest } from '../../../embed-sdk/contract/paymentRequest.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { ok, type FakeHandler } from '../../ui/testing/fakeSdk.js';

export function fakeRequestServer(initial: PaymentRequest, payments: Transaction[] = []) {
  const state = { request: initial, payments };
  const handlers: Record<string, FakeHandler> = {
    '/api/company/current': () => ok({ id: 1 } as unknown as CurrentCompany),
    '/api/notification/getnotification': () => ok(state.request),
    '/api/transaction/transactions': () => ok(state.payments),
    '/api/notification/remind': () => {
      const now = '2026-11-05T09:30:00.000Z';
      state.request = {
        ...state.request,
        resent: now,
        notificationsResent: [{ dateTime: now }, ...state.request.notificationsResent],
      };
      return ok({ notifications: [state.request] });
    },
    '/api/notification/sendNewLink': () => {
      const now = '2026-11-12T09:30:00.000Z';
      state.request = {
        ...state.request,
        link: 'http://localhost/#/p/token-new',
        linkSent: now,
        linkExpires: '2026-11-19T09:30:00.000Z',
        linkExpired: false,
      };
      return ok(state.request);
    },
    '/api/notification/remove': () => {
      state.request = { ...state.request, status: 'CANCELLED', cancelled: '2026-11-05T09:31:00.000Z' };
      return ok({ notifications: [state.request] });
    },
  };
  return { state, handlers };
}
