/**
 * The practice's transactions: the filtered, paged list (the transactions list and a payment
 * request's Payment Activity), and a transaction's settlement as the card provider sees it now. The
 * flows are in server/transactions/.
 */
import * as contract from '../../../embed-sdk/contract/transaction.js';
import { transactionList } from '../../transactions/list.js';
import { settlementOf } from '../../transactions/settlement.js';
import { defineRoute, practiceOf } from '../route.js';

export const transactionRoutes = [
  defineRoute(contract.transactions, { access: 'member' }, async ({ ctx, caller, body }) =>
    transactionList(ctx, practiceOf(caller), body),
  ),

  defineRoute(contract.getTransaction, { access: 'member' }, async ({ ctx, caller, query }) =>
    settlementOf(ctx, practiceOf(caller), query.id),
  ),
];
