/**
 * The payment plan's changes, through SWR and the SDK only (the patient's cards are
 * ui/savedCards.ts). Each change answers the plan: it is shown at once and read again, and
 * `onChanged` hears of it. Failures have shown their banner (the SDK's client does that): the
 * changes answer null. Retry Declined Payments is the exception: it answers its outcome, and the
 * modal says it.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import {
  cancel,
  processDeclines,
  sendDeclineReminder,
  setActive,
  setCustomerSavedCard,
  setPastDueNotificationStatus,
  switchToCard,
  type PaymentLedgerRow,
  type PaymentPlan,
} from '../../embed-sdk/contract/paymentPlan.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled } from '../ui/data.js';
import { newDecline } from './paymentPlan.js';
import { planKey } from './usePaymentPlan.js';

/** What Retry Declined Payments came to. */
export type RetryOutcome =
  /** Every declined cycle was charged and approved. */
  | { kind: 'processed' }
  /** The card declined again (the attempt is on the ledger). */
  | { kind: 'declined'; reason: string | null }
  /** Refused for another reason, or no answer: the plan was read again, nothing to say but that. */
  | { kind: 'failed' };

/**
 * Shows a plan a change answered with, then reads it again (the answer is current, the read makes
 * sure every view of it agrees), and tells `onChanged`.
 */
export function useStorePlan(id: number, onChanged?: (plan: PaymentPlan) => void) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (plan: PaymentPlan | null) => {
      if (!plan) return null;
      await mutate(planKey(id), plan, { revalidate: true });
      onChanged?.(plan);
      return plan;
    },
    [mutate, id, onChanged],
  );
}

export function usePlanChanges(id: number, onChanged?: (plan: PaymentPlan) => void) {
  const sdk = useSdk();
  const store = useStorePlan(id, onChanged);
  const { mutate } = useSWRConfig();

  /** Reads the plan again (the modal's view of it follows) and tells `onChanged`; null if that failed. */
  const refresh = useCallback(async () => {
    const plan = await mutate<PaymentPlan>(planKey(id)).catch(() => undefined);
    if (plan) onChanged?.(plan);
    return plan ?? null;
  }, [mutate, id, onChanged]);

  const setNotifying = useCallback(
    async (isNotifyingForPastDuePayments: boolean) =>
      store(
        await settled(
          sdk.api.call(setPastDueNotificationStatus, {
            body: { paymentPlanId: id, isNotifyingForPastDuePayments },
          }),
        ),
      ),
    [sdk, store, id],
  );

  const sendReminder = useCallback(
    () => settled(sdk.api.call(sendDeclineReminder, { body: { paymentPlanId: id } })),
    [sdk, id],
  );

  const cancelPlan = useCallback(
    async () => store(await settled(sdk.api.call(cancel, { body: { paymentPlanId: id } }))),
    [sdk, store, id],
  );

  const reactivate = useCallback(
    async () => store(await settled(sdk.api.call(setActive, { body: { paymentPlanId: id, active: true } }))),
    [sdk, store, id],
  );

  /** Automate with Card (a cash plan) or Change Card (a card plan). */
  const attachCard = useCallback(
    async (customerSavedCardId: number, automate: boolean) =>
      store(
        await settled(
          sdk.api.call(automate ? switchToCard : setCustomerSavedCard, {
            body: { paymentPlanId: id, customerSavedCardId },
          }),
        ),
      ),
    [sdk, store, id],
  );

  /**
   * Retry Declined Payments: processDeclines with the click's idempotency key and no banner (the
   * modal says the outcome). A card that declines again is refused with the server's general
   * message; the plan read again shows the attempt, and its reason. `before` is the ledger the person saw.
   */
  const retryDeclines = useCallback(
    async (idempotencyKey: string, before: readonly PaymentLedgerRow[]): Promise<RetryOutcome> => {
      try {
        const answer = await sdk.api.call(processDeclines, {
          query: { paymentPlanId: id },
          idempotencyKey,
          noBanner: true,
        });
        if (answer.isSuccess) {
          await store(answer.value.plan);
          const declined = answer.value.results.find((result) => !result.isApproved);
          return declined ? { kind: 'declined', reason: declined.reason } : { kind: 'processed' };
        }
      } catch {
        // No answer, or not one we could read: what was charged shows when the plan is read again.
      }
      const after = await refresh();
      const declined = after ? newDecline(before, after.ledgerDtos) : null;
      return declined ? { kind: 'declined', reason: declined.reason } : { kind: 'failed' };
    },
    [sdk, store, refresh, id],
  );

  return { setNotifying, sendReminder, cancelPlan, reactivate, attachCard, retryDeclines };
}
