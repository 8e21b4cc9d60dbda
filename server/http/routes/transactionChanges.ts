/**
 * What staff change on a transaction besides refunds and voids: move it to another patient,
 * associate an unassociated payment (with the patients it may belong to), and retry a failed posting
 * to the practice system. The spec names no role for these: they take the roles that act on
 * transactions (PROCESSREFUND or PROCESSVOID), so the viewer sees and does none of them. The flows
 * are in server/transactions/.
 */
import * as contract from '../../../embed-sdk/contract/transaction.js';
import { associatePayment, possibleMatches } from '../../transactions/associate.js';
import { movePaymentToPatient } from '../../transactions/move.js';
import { retryPosting } from '../../transactions/practiceSync.js';
import { defineRoute, practiceOf } from '../route.js';

const actingOnTransactions = { access: { anyRole: [...contract.TRANSACTION_EDIT_ROLES] } };

export const transactionChangeRoutes = [
  defineRoute(contract.movePatient, actingOnTransactions, async ({ ctx, caller, body }) =>
    movePaymentToPatient(ctx, practiceOf(caller), {
      referenceId: body.referenceId,
      toPatientKey: body.toPatientId,
    }),
  ),

  defineRoute(contract.possibleMatches, actingOnTransactions, async ({ ctx, caller, query }) =>
    possibleMatches(ctx, practiceOf(caller), query.transactionId),
  ),

  defineRoute(contract.associate, actingOnTransactions, async ({ ctx, caller, body }) =>
    associatePayment(ctx, practiceOf(caller), body),
  ),

  defineRoute(contract.retryPosting, actingOnTransactions, async ({ ctx, caller, body }) =>
    retryPosting(ctx, practiceOf(caller), body.id),
  ),
];
