/**
 * The membership's changes (section 7's calls), through SWR and the SDK only. A change that answers
 * the membership shows it at once, reads it again and tells `onChanged`. A refusal has shown the
 * server's banner (the SDK's client does that): the change answers null. A charge (Make Payment For,
 * Restart Membership) answers its outcome, approved or declined, for the dialog to say.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import {
  cancel,
  dontRenewNextYearlyCycle,
  notifyPatient,
  processPayment,
  renewNextYearlyCycle,
  restartExpiredYearlyMembership,
  saveMembershipChanges,
  sendDeclineReminder,
  sendNewEnrollmentLink,
  setActive,
  setCustomerSavedCard,
  setRenewMode,
  type CancelAction,
  type CustomerMembershipBilling,
  type RenewalMode,
} from '../../embed-sdk/contract/membership.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled } from '../ui/data.js';
import type { EditedLine } from './membershipView.js';
import { membershipKey } from './useMembership.js';

/** A charge's outcome as the dialogs say it. */
export type ChargeOutcome =
  { kind: 'approved'; transactionId: string | null } | { kind: 'declined'; reason: string | null };

export function useMembershipChanges(
  id: number,
  onChanged?: (membership: CustomerMembershipBilling) => void,
) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();

  const store = useCallback(
    async (membership: CustomerMembershipBilling | null | undefined) => {
      if (!membership) return null;
      await mutate(membershipKey(id), membership, { revalidate: true });
      onChanged?.(membership);
      return membership;
    },
    [mutate, id, onChanged],
  );

  const sendReminder = useCallback(
    () => settled(sdk.api.call(sendDeclineReminder, { body: { customerMembershipBillingId: id } })),
    [sdk, id],
  );

  const remindAwaiting = useCallback(() => settled(sdk.api.call(notifyPatient, { body: { id } })), [sdk, id]);
  /** Send New Link: the modal reads the membership again for the new link's dates. */
  const sendNewLink = useCallback(async () => {
    const sent = await settled(sdk.api.call(sendNewEnrollmentLink, { body: { id } }));
    if (sent) await mutate(membershipKey(id)).catch(() => undefined);
    return sent;
  }, [sdk, mutate, id]);

  const attachCard = useCallback(
    async (customerSavedCardId: number) =>
      store(await settled(sdk.api.call(setCustomerSavedCard, { body: { customerSavedCardId, Id: id } }))),
    [sdk, store, id],
  );

  /** Save Membership Changes: the lines, and the next billing date and yearly auto-renew when changed. */
  const saveChanges = useCallback(
    async (
      lines: EditedLine[],
      billing: { nextBillingDate?: string; yearlyAutoRenew?: boolean },
      sendEmail: boolean,
    ) =>
      store(
        await settled(
          sdk.api.call(saveMembershipChanges, {
            body: { id, ...billing, billingMemberships: lines, sendEmail },
          }),
        ),
      ),
    [sdk, store, id],
  );

  /** A yearly membership's coming term's end: renew it (renewNextYearlyCycle) or not (dontRenewNextYearlyCycle). */
  const setNextYearRenewal = useCallback(
    async (renew: boolean) =>
      store(
        await settled(
          sdk.api.call(renew ? renewNextYearlyCycle : dontRenewNextYearlyCycle, { body: { id } }),
        ),
      ),
    [sdk, store, id],
  );

  /** Re-activate Membership (setActive true). */
  const reactivate = useCallback(
    async () => store(await settled(sdk.api.call(setActive, { body: { id, isActive: true } }))),
    [sdk, store, id],
  );

  /** Renewal Options: answers the membership as saved, once stored. */
  const setRenewal = useCallback(
    async (change: {
      renewalMode: RenewalMode;
      notifyPatient: boolean;
      nextBillingDate?: string;
      monthlyExpires?: string | null;
    }) => {
      const answer = await settled(sdk.api.call(setRenewMode, { body: { id, ...change } }));
      if (!answer) return null;
      await store(answer.membership);
      return answer.membership;
    },
    [sdk, store, id],
  );

  const cancelMembership = useCallback(
    async (cancelAction: CancelAction) => {
      const answer = await settled(sdk.api.call(cancel, { body: { id, cancelAction } }));
      if (!answer) return null;
      await store(answer.membership);
      return answer.membership;
    },
    [sdk, store, id],
  );

  /** Make Payment For: one idempotency key per attempt (the dialog keeps it until an answer). */
  const pay = useCallback(
    async (amount: number, idempotencyKey: string): Promise<ChargeOutcome | null> => {
      const answer = await settled(sdk.api.call(processPayment, { body: { id, amount }, idempotencyKey }));
      if (!answer) return null;
      await store(answer.membership);
      return answer.isApproved
        ? { kind: 'approved', transactionId: answer.transactionId }
        : { kind: 'declined', reason: answer.reason };
    },
    [sdk, store, id],
  );

  /**
   * Restart Membership: on the card on file, or on another of the holder's cards
   * (`customerSavedCardId`), which is the card on file once approved.
   */
  const restart = useCallback(
    async (idempotencyKey: string, customerSavedCardId?: number): Promise<ChargeOutcome | null> => {
      const body = customerSavedCardId === undefined ? { id } : { id, customerSavedCardId };
      const answer = await settled(sdk.api.call(restartExpiredYearlyMembership, { body, idempotencyKey }));
      if (!answer) return null;
      await store(answer.membership);
      return answer.isApproved
        ? { kind: 'approved', transactionId: answer.transactionId }
        : { kind: 'declined', reason: answer.declineMessage };
    },
    [sdk, store, id],
  );

  /** Reads the membership again (after a refund or void made by the transactions' form). */
  const refresh = useCallback(async () => {
    const membership = await mutate<CustomerMembershipBilling>(membershipKey(id)).catch(() => undefined);
    if (membership) onChanged?.(membership);
  }, [mutate, id, onChanged]);

  return {
    sendReminder,
    remindAwaiting,
    sendNewLink,
    attachCard,
    saveChanges,
    setNextYearRenewal,
    reactivate,
    setRenewal,
    cancelMembership,
    pay,
    restart,
    refresh,
  };
}

export type MembershipChanges = ReturnType<typeof useMembershipChanges>;
