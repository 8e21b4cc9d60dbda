/**
 * What staff do to a transaction, through the SDK (spec part 2, section 7, and issue 19's calls):
 * the settlement check a menu makes when it opens, refund or void, move, associate, remove, retry a
 * failed posting, export. A refusal has shown the server's message as a banner (the SDK's client
 * does that): the change then answers null. Each change reads the lists again.
 */
import { useCallback } from 'react';
import useSWR from 'swr';
import { isApiError } from '../../embed-sdk/api/errors.js';
import type { BodyIn, ValueOf } from '../../embed-sdk/contract/endpoint.js';
import { refundVoid } from '../../embed-sdk/contract/refund.js';
import {
  associate,
  exportTransactions,
  getOpenDentalPayment,
  getTransaction,
  movePatient,
  possibleMatches,
  remove,
  retryPosting,
  type TransactionFilter,
} from '../../embed-sdk/contract/transaction.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled, valueOf } from '../ui/data.js';
import { useRefreshTransactions } from './useTransactions.js';

const QUIET = { revalidateOnFocus: false, shouldRetryOnError: false };

/**
 * Whether a card payment has settled, asked of the provider when its menu opens (part 2 section 4).
 * Without an answer the last known state stands.
 */
export function useSettlement(referenceId: string, asking: boolean) {
  const sdk = useSdk();
  return useSWR(
    asking ? ['transaction/settled', referenceId] : null,
    () =>
      valueOf(sdk.api.call(getTransaction, { query: { id: referenceId }, noProgress: true, noBanner: true })),
    { ...QUIET, dedupingInterval: 0 },
  );
}

/** The practice system's payment of a transaction and its pay splits (Open Dental practices). */
export function useOpenDentalPayment(transactionId: number, asking: boolean) {
  const sdk = useSdk();
  return useSWR(
    asking ? ['transaction/openDentalPayment', transactionId] : null,
    () => valueOf(sdk.api.call(getOpenDentalPayment, { query: { transactionId } })),
    QUIET,
  );
}

/** The patients who may have made an unassociated payment, best first. */
export function usePossibleMatches(transactionId: number) {
  const sdk = useSdk();
  return useSWR(
    ['transaction/possibleMatches', transactionId],
    () => valueOf(sdk.api.call(possibleMatches, { query: { transactionId }, noProgress: true })),
    QUIET,
  );
}

export type RefundAnswer =
  /** The server answered: approved or not. */
  | { answered: true; value: ValueOf<typeof refundVoid> }
  /**
   * No result. `spent`: the server said why (its banner shows) and this idempotency key is used up;
   * otherwise no answer came and a retry with the same key is the same refund.
   */
  | { answered: false; spent: boolean };

export function useTransactionChanges() {
  const sdk = useSdk();
  const refresh = useRefreshTransactions();

  const giveBack = useCallback(
    async (body: BodyIn<typeof refundVoid>, idempotencyKey: string, id: number): Promise<RefundAnswer> => {
      try {
        const result = await sdk.api.call(refundVoid, { body, idempotencyKey });
        if (!result.isSuccess) return { answered: false, spent: true };
        void refresh(id);
        return { answered: true, value: result.value };
      } catch (error) {
        return { answered: false, spent: !isApiError(error) || error.status !== 0 };
      }
    },
    [sdk, refresh],
  );

  const move = useCallback(
    async (id: number, referenceId: string, toPatientId: number) => {
      const moved = await settled(sdk.api.call(movePatient, { body: { referenceId, toPatientId } }));
      if (moved) void refresh(id);
      return moved;
    },
    [sdk, refresh],
  );

  const associateTo = useCallback(
    async (body: BodyIn<typeof associate>) => {
      const done = await settled(sdk.api.call(associate, { body }));
      if (done) void refresh(body.transactionId);
      return done;
    },
    [sdk, refresh],
  );

  const removeOrphan = useCallback(
    async (id: number) => {
      const done = await settled(sdk.api.call(remove, { body: { id } }));
      if (done) void refresh(id);
      return done;
    },
    [sdk, refresh],
  );

  const retry = useCallback(
    async (id: number) => {
      const done = await settled(sdk.api.call(retryPosting, { body: { id } }));
      if (done) void refresh(id);
      return done;
    },
    [sdk, refresh],
  );

  /** A link to the CSV of every row the filter matches; the caller hands it to the browser. */
  const exportCsv = useCallback(
    async (body: TransactionFilter) => {
      const link = await settled(sdk.api.call(exportTransactions, { body }));
      return link ? new URL(link.url, `${sdk.api.baseUrl}/`).href : null;
    },
    [sdk],
  );

  return { giveBack, move, associateTo, removeOrphan, retry, exportCsv };
}
