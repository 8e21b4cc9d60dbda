/**
 * Payment requests for staff: create and send, read, list, remind, send a new link, cancel. The patient's side (the
 * public payment page) is in paymentPage.ts; the flows are in server/payment-requests/.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/paymentRequest.js';
import {
  cancelRequestsOf,
  createRequest,
  remindRequests,
  requestList,
  requestView,
  sendNewLink,
} from '../../payment-requests/requests.js';
import { defineRoute, practiceOf } from '../route.js';

const reading = { access: { anyRole: ['VIEWPAYMENTREQUESTS', 'EDITPAYMENTREQUESTS'] as Role[] } };
const editing = { access: { anyRole: ['EDITPAYMENTREQUESTS'] as Role[] } };

export const paymentRequestRoutes = [
  defineRoute(contract.create, editing, async ({ ctx, caller, body }) =>
    createRequest(ctx, practiceOf(caller), caller, body),
  ),

  defineRoute(contract.getNotification, reading, async ({ ctx, caller, query }) =>
    requestView(ctx, practiceOf(caller), caller, query.id),
  ),

  defineRoute(contract.remind, editing, async ({ ctx, caller, body }) =>
    remindRequests(ctx, practiceOf(caller), caller, body.ids),
  ),

  defineRoute(contract.sendNewLink, editing, async ({ ctx, caller, body }) =>
    sendNewLink(ctx, practiceOf(caller), caller, body.id),
  ),

  defineRoute(contract.remove, editing, async ({ ctx, caller, body }) =>
    cancelRequestsOf(ctx, practiceOf(caller), caller, body.ids),
  ),

  defineRoute(contract.list, reading, async ({ ctx, caller, body }) =>
    requestList(ctx, practiceOf(caller), caller, body),
  ),
];
