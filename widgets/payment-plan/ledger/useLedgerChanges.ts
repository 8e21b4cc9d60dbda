/**
 * The ledger's changes through the SDK (part 1 section 7, part 2 section 7):
 * moveLedgerScheduleToEnd and removeLedgerItem; and the settlement check a card payment's menu makes
 * when it opens (getTransaction). Refund and Void are the transactions' form's (ui/refundVoidForm.ts). A refusal has shown the server's message as a
 * banner (the SDK's client does that): the change then answers null.
 */
import { useCallback } from 'react';
import useSWR from 'swr';
import {
  moveLedgerScheduleToEnd,
  removeLedgerItem,
  type PaymentPlan,
} from '../../../embed-sdk/contract/paymentPlan.js';
import { getTransaction } from '../../../embed-sdk/contract/transaction.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { settled, valueOf } from '../../ui/data.js';

export function useLedgerChanges() {
  const sdk = useSdk();
  const moveToEnd = useCallback(
    (paymentLedgerId: number): Promise<PaymentPlan | null> =>
      settled(sdk.api.call(moveLedgerScheduleToEnd, { body: { paymentLedgerId } })),
    [sdk],
  );
  const remove = useCallback(
    (paymentLedgerId: number): Promise<PaymentPlan | null> =>
      settled(sdk.api.call(removeLedgerItem, { body: { paymentLedgerId } })),
    [sdk],
  );
  return { moveToEnd, remove };
}

/**
 * Whether a card payment has settled, asked of the provider when its menu opens (part 2 section 4).
 * Without an answer the last known state stands; the menu says so by not waiting for it.
 */
export function useSettlement(referenceId: string | null, asking: boolean) {
  const sdk = useSdk();
  return useSWR(
    asking && referenceId ? ['transaction/settled', referenceId] : null,
    () =>
      valueOf(
        sdk.api.call(getTransaction, { query: { id: referenceId! }, noProgress: true, noBanner: true }),
      ),
    { revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 0 },
  );
}
