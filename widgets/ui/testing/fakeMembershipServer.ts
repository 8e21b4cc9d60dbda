/**
 * The membership's calls, answered from memory as the sandbox would in broad strokes, for the
 * membership modal's tests: a payment lowers the past-due balance (or is declined, `state.decline`),
 * a restart starts an expired membership today (or is declined; a chosen card becomes the card on
 * file), the surcharge of a card is 3 % on credit, the renewal and cancel calls set
 * the mode or the status, saved enrollee lines recompute the amount, a card attached becomes the
 * membership's. `state.refuse` makes the next change a refusal in the server's words.
 */
import {
  cancel,
  dontRenewNextYearlyCycle,
  getCustomerMembershipBilling,
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
  type CustomerMembershipBilling,
} from '../../../embed-sdk/contract/membership.js';
import { current } from '../../../embed-sdk/contract/company.js';
import { customerSavedCards, type SavedCard } from '../../../embed-sdk/contract/savedCard.js';
import { surcharge } from '../../../embed-sdk/contract/surcharge.js';
import { cycleAmount } from '../../../embed-sdk/rules/memberships.js';
import { BRIGHT_SMILES } from './cardFixtures.js';
import { CANCELED_REACTIVATION } from './membershipFixtures.js';
import { ok, refused, type FakeCall, type FakeHandler } from './fakeSdk.js';

export interface MembershipServerState {
  membership: CustomerMembershipBilling;
  cards: SavedCard[];
  /** The next charge (payment or restart) is declined with this reason. */
  decline: string | null;
  /** The next change is refused with this message. */
  refuse: string | null;
}

type Body = Record<string, unknown>;

export function fakeMembershipServer(initial: CustomerMembershipBilling, cards: SavedCard[] = []) {
  const state: MembershipServerState = { membership: initial, cards, decline: null, refuse: null };
  const body = (call: FakeCall) => (call.body ?? {}) as Body;
  /** A change: the refusal the test asked for, or the change's answer. */
  const change =
    (apply: (b: Body) => unknown): FakeHandler =>
    (call) => {
      if (state.refuse) {
        const message = state.refuse;
        state.refuse = null;
        return refused(message);
      }
      return ok(apply(body(call)));
    };
  const charge = (amount: number) => {
    const m = state.membership;
    const surchargeAmount = Math.round((amount * m.surchargeRateBps) / 10_000);
    if (state.decline !== null) {
      const reason = state.decline;
      state.decline = null;
      return {
        isApproved: false,
        reason,
        referenceId: null,
        transactionId: null,
        orderAmount: amount,
        surchargeAmount,
        total: amount + surchargeAmount,
      };
    }
    return {
      isApproved: true,
      reason: null,
      referenceId: 'TX7001-A',
      transactionId: 'TX7001',
      orderAmount: amount,
      surchargeAmount,
      total: amount + surchargeAmount,
    };
  };
  /** What a card is charged for an amount at Bright Smiles (3 % on credit cards). */
  const cardTotal = (amount: number, c: SavedCard) =>
    amount + (c.funding === 'CREDIT' ? Math.round((amount * 300) / 10_000) : 0);
  const set = (changes: Partial<CustomerMembershipBilling>) => {
    state.membership = { ...state.membership, ...changes };
    return state.membership;
  };

  const handlers: Record<string, FakeHandler> = {
    [current.path]: () => ok(BRIGHT_SMILES),
    [getCustomerMembershipBilling.path]: () => ok(state.membership),
    [customerSavedCards.path]: () => ok(state.cards),
    [sendDeclineReminder.path]: change(() => ({ sentBy: ['EMAIL'] })),
    [notifyPatient.path]: change(() => ({ sentBy: ['EMAIL', 'TEXT'] })),
    [sendNewEnrollmentLink.path]: change(() => {
      const enrollment = state.membership.enrollment;
      if (enrollment) {
        const now = '2026-07-12T09:00:00.000Z';
        set({
          enrollment: {
            ...enrollment,
            lastSent: now,
            linkSent: now,
            linkExpires: '2026-07-19T09:00:00.000Z',
            linkExpired: false,
          },
        });
      }
      return { sentBy: ['EMAIL', 'TEXT'] };
    }),
    [setCustomerSavedCard.path]: change((b) => {
      const chosen = state.cards.find((c) => c.id === b.customerSavedCardId)!;
      return set({ customerSavedCardId: chosen.id, card: { ...chosen, isActive: true } });
    }),
    [saveMembershipChanges.path]: change((b) => {
      const lines = b.billingMemberships as { id: number; qty: number; amount: number }[];
      const billingMemberships = state.membership.billingMemberships.map((line) => {
        const saved = lines.find((l) => l.id === line.id) ?? line;
        return { ...line, qty: saved.qty, amount: saved.amount, total: saved.qty * saved.amount };
      });
      const mode =
        typeof b.yearlyAutoRenew === 'boolean' ? (b.yearlyAutoRenew ? 'YEARLY' : 'EXPIRING') : undefined;
      return set({
        billingMemberships,
        amount: cycleAmount(billingMemberships),
        ...(typeof b.nextBillingDate === 'string'
          ? { nextBillingDate: b.nextBillingDate, expirationDate: b.nextBillingDate }
          : {}),
        ...(mode
          ? {
              renewalMode: mode,
              yearlyAutoRenew: mode === 'YEARLY',
              yearlyNextCycleAutoRenew: mode === 'YEARLY',
            }
          : {}),
      });
    }),
    [dontRenewNextYearlyCycle.path]: change(() =>
      set({ renewalMode: 'EXPIRING', yearlyAutoRenew: false, yearlyNextCycleAutoRenew: false }),
    ),
    [renewNextYearlyCycle.path]: change(() =>
      set({ renewalMode: 'YEARLYONCE', yearlyAutoRenew: false, yearlyNextCycleAutoRenew: true }),
    ),
    [setActive.path]: change((b) =>
      b.isActive
        ? set({
            status: 'ACTIVE',
            cancelledDate: null,
            expiredDate: null,
            reactivation: null,
            renewalMode: 'YEARLY',
            nextBillingDate: '2026-08-15',
          })
        : set({
            status: 'INACTIVE',
            nextBillingDate: null,
            cancelledDate: '2026-07-25T15:00:00.000Z',
            reactivation: CANCELED_REACTIVATION,
          }),
    ),
    [setRenewMode.path]: change((b) => {
      const mode = b.renewalMode as CustomerMembershipBilling['renewalMode'];
      const membership =
        mode === 'CANCEL'
          ? set({
              status: 'INACTIVE',
              renewalMode: 'CANCEL',
              nextBillingDate: null,
              cancelledDate: '2026-07-25T15:00:00.000Z',
              reactivation: CANCELED_REACTIVATION,
            })
          : set({
              renewalMode: mode,
              ...(b.monthlyExpires !== undefined
                ? { monthlyExpires: b.monthlyExpires as string | null }
                : {}),
              ...(typeof b.nextBillingDate === 'string'
                ? { startDate: b.nextBillingDate, nextBillingDate: b.nextBillingDate }
                : {}),
            });
      return { actionMessage: 'Renew Selection Saved', membership };
    }),
    [cancel.path]: change((b) =>
      b.cancelAction === 'CANCEL'
        ? {
            actionMessage: 'This membership plan has been canceled.',
            membership: set({
              status: 'INACTIVE',
              nextBillingDate: null,
              cancelledDate: '2026-07-25T15:00:00.000Z',
              reactivation: CANCELED_REACTIVATION,
            }),
          }
        : { actionMessage: 'Renew Selection Saved', membership: set({ renewalMode: 'CANCEL' }) },
    ),
    [processPayment.path]: change((b) => {
      const outcome = charge(b.amount as number);
      const membership = outcome.isApproved
        ? set({ balance: Math.max(0, state.membership.balance - (b.amount as number)) })
        : state.membership;
      return { ...outcome, membership };
    }),
    [surcharge.path]: (call) => {
      const b = body(call);
      const chosen = state.cards.find((c) => c.id === b.customerSavedCardId);
      if (!chosen) return refused('The card was not found.');
      const total = cardTotal(b.amount as number, chosen);
      return ok({ surchargeAmount: total - (b.amount as number), total });
    },
    [restartExpiredYearlyMembership.path]: change((b) => {
      // Another of the patient's cards, when chosen, is charged and becomes the card on file.
      const chosen = state.cards.find((c) => c.id === b.customerSavedCardId);
      const outcome = charge(state.membership.amount);
      const membership = outcome.isApproved
        ? set({
            status: 'ACTIVE',
            expiredDate: null,
            renewalMode: 'YEARLY',
            startDate: '2026-07-25',
            nextBillingDate: '2027-07-25',
            ...(chosen ? { customerSavedCardId: chosen.id, card: { ...chosen, isActive: true } } : {}),
          })
        : state.membership;
      return {
        isApproved: outcome.isApproved,
        referenceId: outcome.referenceId,
        declineMessage: outcome.reason,
        transactionId: outcome.transactionId,
        membership,
      };
    }),
  };
  return { state, handlers };
}
