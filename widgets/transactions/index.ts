/**
 * The transactions' public face: what the portal and the loader's build may use of this capability.
 * <chairside-transactions> is `transactionsDefinition` (its code is element.ts) and
 * <chairside-transaction-details> is `transactionDetailsDefinition` (detailsElement.ts). The portal
 * places the list (its filter kept in the address with `filterFromParams` and `paramsFromFilter`)
 * and the details modal, and hands the Refund / Void form to the capabilities that open it by a
 * transaction's id (a membership's Payment History: ui/refundVoidForm.ts).
 */
export { transactionDetailsDefinition, transactionsDefinition } from './definition.js';
export { Transactions, type TransactionsProps } from './Transactions.js';
export { TransactionDetails, type TransactionDetailsProps } from './details/TransactionDetails.js';
export { EMPTY_FILTER, filterFromParams, paramsFromFilter, type TransactionListFilter } from './filter.js';
export { portalLinks, type LinkedSource, type TransactionLinks } from './links.js';
export { LazyTransactionRefundVoid } from './LazyTransactionDialogs.js';
