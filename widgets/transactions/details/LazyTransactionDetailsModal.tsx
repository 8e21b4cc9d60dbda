/**
 * The list's details modal loads when a person first opens one (or points at a date, ahead of it):
 * the modal's frame is Fluent's dialog, most of a list's download otherwise.
 */
import { lazyPart } from '../../runtime/lazyPart.js';

export const detailsModalPart = lazyPart(
  () => import('./TransactionDetails.js'),
  (module) => module.TransactionDetailsModal,
);

export const LazyTransactionDetailsModal = detailsModalPart.Component;
