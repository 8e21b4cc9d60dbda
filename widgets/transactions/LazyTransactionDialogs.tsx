/** The list's dialogs, whose code loads when one first opens (or when a menu opens, ahead of it). */
import { lazyPart } from '../runtime/lazyPart.js';

export const dialogsPart = lazyPart(
  () => import('./TransactionDialogs.js'),
  (module) => module.TransactionDialogs,
);

export const LazyTransactionDialogs = dialogsPart.Component;

/**
 * The Refund / Void form by a transaction's id, for another capability to open (handed in by the
 * portal: ui/refundVoidForm.ts); its code loads when it first opens.
 */
export const refundVoidPart = lazyPart(
  () => import('./refund/TransactionRefundVoid.js'),
  (module) => module.TransactionRefundVoid,
);

export const LazyTransactionRefundVoid = refundVoidPart.Component;
