/**
 * The practice's transactions: the filtered, paged list (the transactions list and a payment
 * request's Payment Activity), one transaction's details, a transaction's settlement as the card
 * provider sees it now, removing an unassociated payment, the CSV export, and the virtual terminal.
 * The flows are in server/transactions/.
 */
import { Readable } from 'node:stream';
import * as contract from '../../../embed-sdk/contract/transaction.js';
import { exportFile, exportLink } from '../../transactions/export.js';
import { transactionDetails, transactionList } from '../../transactions/list.js';
import { removeUnassociatedPayment } from '../../transactions/remove.js';
import { settlementOf } from '../../transactions/settlement.js';
import { quoteDeskPayment, takeDeskPayment } from '../../transactions/virtualTerminal.js';
import type { Caller } from '../caller.js';
import { defineRoute, practiceOf } from '../route.js';

const editing = { access: { anyRole: [...contract.TRANSACTION_EDIT_ROLES] } };

const readerOf = (caller: Caller) => ({ practice: practiceOf(caller), isAdmin: caller.isAdmin });

export const transactionRoutes = [
  defineRoute(contract.transactions, { access: 'member' }, async ({ ctx, caller, body }) =>
    transactionList(ctx, readerOf(caller), body),
  ),

  defineRoute(contract.transaction, { access: 'member' }, async ({ ctx, caller, query }) =>
    transactionDetails(ctx, readerOf(caller), { id: query.id, companyWide: query.companyWide ?? false }),
  ),

  defineRoute(contract.getTransaction, { access: 'member' }, async ({ ctx, caller, query }) =>
    settlementOf(ctx, practiceOf(caller), query.id),
  ),

  defineRoute(contract.remove, editing, async ({ ctx, caller, body }) =>
    removeUnassociatedPayment(ctx, practiceOf(caller), body.id),
  ),

  defineRoute(contract.exportTransactions, { access: 'member' }, async ({ ctx, caller, body }) =>
    exportLink(ctx, readerOf(caller), body),
  ),

  // The link's token is the credential (a browser downloads it by navigating, without a bearer).
  defineRoute(contract.exportCsv, { access: 'public' }, async ({ ctx, query }) => {
    const file = await exportFile(ctx, query.token);
    return {
      raw: Readable.from(file.lines),
      contentType: 'text/csv; charset=utf-8',
      headers: {
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
      },
    };
  }),

  defineRoute(contract.virtualTerminalQuote, editing, async ({ ctx, caller, body }) =>
    quoteDeskPayment(ctx, practiceOf(caller), body),
  ),

  defineRoute(
    contract.virtualTerminal,
    // The charge is keyed by the Idempotency-Key (transactions/requestCharges.ts): a request whose
    // server stopped may run again, and answers the payment its first run made, or makes it once.
    { ...editing, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) =>
      takeDeskPayment(ctx, practiceOf(caller), { ...body, requestKey: idempotencyKey }),
  ),
];
