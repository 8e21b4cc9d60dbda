/**
 * The transactions' server data, through SWR and the SDK only: the filtered list, one transaction,
 * and the live practice-system sync status. `TransactionProcessed` (the realtime hub) marks the rows
 * of its reference, or of its refund's or void's reference, with the status it carries, in every list
 * and details on show, with no reload; a payment not on show yet (a new one) reads the lists again.
 */
import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import {
  transaction as getOne,
  transactions as list,
  type Transaction,
  type TransactionFilter,
} from '../../embed-sdk/contract/transaction.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';

const LIST = 'transaction/list';
const ONE = 'transaction';

const LIVE = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

export const transactionListKey = (body: TransactionFilter) => [LIST, JSON.stringify(body)] as const;
export const isTransactionListKey = (key: unknown) => Array.isArray(key) && key[0] === LIST;
export const transactionKey = (id: number) => [ONE, id] as const;
const isTransactionKey = (key: unknown) => Array.isArray(key) && key[0] === ONE;

/** The list of a filter; none asked for while `body` is null. */
export function useTransactionList(body: TransactionFilter | null) {
  const sdk = useSdk();
  return useSWR(body && transactionListKey(body), () => valueOf(sdk.api.call(list, { body: body! })), LIVE);
}

/**
 * One transaction. `known`: the row the list already has, shown at once and not asked for again
 * (the list reads it again after a change).
 */
export function useTransaction(id: number, known?: Transaction) {
  const sdk = useSdk();
  return useSWR(
    known ? null : transactionKey(id),
    () => valueOf(sdk.api.call(getOne, { query: { id } })),
    LIVE,
  );
}

/** Whether an event is about this row: its payment, or its latest refund or void. */
export function isAbout(
  t: Pick<Transaction, 'referenceId' | 'refundVoidReferenceId'>,
  event: TransactionProcessed,
) {
  return (
    t.referenceId === event.referenceId ||
    (event.refundVoidReferenceId !== null && t.refundVoidReferenceId === event.refundVoidReferenceId)
  );
}

/** The row as the event leaves it: the practice system's status it carries. */
export function withSyncStatus(t: Transaction, event: TransactionProcessed): Transaction {
  return isAbout(t, event) && t.practiceManagementStatus !== event.practiceManagementStatus
    ? { ...t, practiceManagementStatus: event.practiceManagementStatus }
    : t;
}

/** Keeps every list and details of this page in step with the realtime hub. */
export function useLiveTransactions() {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const unsubscribe = sdk.on('transaction-processed', (event) => {
      let shown = false;
      const mark = (rows: Transaction[] | undefined) => {
        if (!rows?.some((t) => isAbout(t, event))) return rows;
        shown = true;
        return rows.map((t) => withSyncStatus(t, event));
      };
      void Promise.all([
        mutate(isTransactionListKey, mark, { revalidate: false }),
        mutate(isTransactionKey, (t: Transaction | undefined) => (t ? withSyncStatus(t, event) : t), {
          revalidate: false,
        }),
      ]).then(() => {
        // A payment no list shows yet: the lists it may belong to read again.
        if (!shown && event.refundVoidReferenceId === null) void mutate(isTransactionListKey);
      });
    });
    // The hub connects on first use; without it the list still shows what it loaded.
    sdk.realtime().catch(() => undefined);
    return unsubscribe;
  }, [sdk, mutate]);
}

/** After a change: every list and the transaction's details read again. */
export function useRefreshTransactions() {
  const { mutate } = useSWRConfig();
  return (id?: number) =>
    Promise.all([mutate(isTransactionListKey), id === undefined ? null : mutate(transactionKey(id))]);
}
