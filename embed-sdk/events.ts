/**
 * Every event Chairside sends, in one map, documented once. The SDK's bus emits them and mirrors each
 * one as a DOM `CustomEvent` named `chairside:<name>` on `document`, so a host page can listen
 * without holding the SDK object. Widget elements dispatch the "widget element events" from the
 * element itself, unprefixed (`patient-selected`), as their public outputs.
 *
 * A payload never changes shape in place: a changed payload becomes a new, versioned event name.
 */
import type { AssociateProcedure, PaySplit } from './contract/transaction.js';
import type { CardType } from './contract/common.js';
import type {
  CardRequestCompleted,
  InsurancePaymentChanged,
  MembershipChanged,
  PaymentRequestViewed,
  TransactionProcessed,
} from './contract/realtime.js';

export type BannerIntent = 'success' | 'danger' | 'warning' | 'info';

export interface BannerDetail {
  intent: BannerIntent;
  title?: string;
  /** Several messages arrive joined by line breaks (see banner.ts). */
  message: string;
  /**
   * The widget instance whose action caused it. An embedded widget shows only its own banners; the
   * portal shows every banner in one place.
   */
  origin?: string;
}

export interface PatientSelectedDetail {
  /** The Chairside customer id, or null for a patient not yet in Chairside (only in the practice system). */
  id: number | null;
  /** The practice management system's patient key. */
  key: number;
  firstName: string;
  lastName: string;
}

export interface PatientSavedDetail {
  id: number;
  key: number;
  firstName: string;
  lastName: string;
}

/** A card on file, as the stored-cards events carry it: what the card provider answered, never a number. */
export interface StoredCardDetail {
  /** The saved card's id (what a payment call takes as customerSavedCardId). */
  id: number;
  cardType: CardType;
  /** The masked number ("•••• 1111"). */
  description: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  isDefault: boolean;
}

export interface CardSelectedDetail {
  customerId: number;
  /**
   * The card now selected, or null when the patient has no card left. A card is selected when the
   * person selects it in the dialog or stores a new one; otherwise the default card is.
   */
  card: StoredCardDetail | null;
}

export interface CardSavedDetail {
  customerId: number;
  /** The card just stored from the card-entry frame. */
  card: StoredCardDetail;
}

export interface CardRemovedDetail {
  customerId: number;
  /** The card removed (as it was before its removal). */
  card: StoredCardDetail;
}

export interface CardRequestSentDetail {
  customerId: number;
  /** The card request's id. */
  requestId: number;
  /** The channels it went out by. */
  sentBy: ('TEXT' | 'EMAIL')[];
}

/** A payment plan as the plan widget's events carry it. */
export interface PaymentPlanChangedDetail {
  /** The payment plan's id. */
  id: number;
  /** Its status after the change: ACTIVE, INACTIVE (canceled) or COMPLETE. */
  status: 'ACTIVE' | 'INACTIVE' | 'COMPLETE';
}

export interface PaymentPlanClosedDetail {
  /** The payment plan's id. */
  id: number;
}

/** A membership as the membership billing widget's events carry it. */
export interface MembershipChangedDetail {
  /** The membership's (customer membership billing's) id. */
  id: number;
  /** Its status after the change: ACTIVE, INACTIVE (canceled), EXPIRED or AWAITINGPATIENT. */
  status: 'ACTIVE' | 'INACTIVE' | 'EXPIRED' | 'AWAITINGPATIENT';
}

export interface MembershipClosedDetail {
  /** The membership's id. */
  id: number;
}

/** A payment request, as the payment-request element's events carry it. */
export interface PaymentRequestEventDetail {
  /** The payment request's id (the notification id, a UUID). */
  notificationId: string;
  /** The patient's Chairside customer id. */
  customerId: number;
}

export interface PaymentRequestRemindedDetail extends PaymentRequestEventDetail {
  /** When the reminder was sent (ISO 8601). */
  resent: string;
  /** How many reminders the request has had, this one included. */
  reminders: number;
}

export interface PaymentRequestCancelledDetail extends PaymentRequestEventDetail {
  /** When it was cancelled (ISO 8601). */
  cancelled: string;
}

export interface PaymentRequestClosedDetail {
  /** The payment request's id (the notification id, a UUID). */
  notificationId: string;
}

/** A transaction, as the transactions widgets' events carry it. */
export interface TransactionEventDetail {
  /** The transaction's id. */
  id: number;
  /** Its reference id; the transaction ID people see is its first segment. */
  referenceId: string;
  /** The patient's Chairside customer id (after the change), or null for an unassociated payment. */
  customerId: number | null;
}

export interface TransactionRefundedDetail extends TransactionEventDetail {
  /** What this refund gave back, in cents, surcharge included. */
  amount: number;
  /** The refund's own reference id. */
  refundReferenceId: string;
}

export interface TransactionVoidedDetail extends TransactionEventDetail {
  /** What the void gave back, in cents, surcharge included (the whole payment). */
  amount: number;
  /** The void's own reference id. */
  voidReferenceId: string;
}

export interface TransactionMovedDetail extends TransactionEventDetail {
  /** The patient it was moved from (a customer id). */
  fromCustomerId: number | null;
}

export interface TransactionAssociatedDetail extends TransactionEventDetail {
  customerId: number;
}

export interface TransactionRemovedDetail {
  /** The transaction's id. */
  id: number;
  referenceId: string;
  /** When it was removed (ISO 8601): it can never be associated again. */
  removed: string;
}

export interface TransactionDetailsClosedDetail {
  /** The transaction's id. */
  id: number;
}

/** A payment's allocation, as the allocation element's events carry it. */
export interface AllocationEventDetail {
  /** The payment (transaction id) it allocates. */
  transactionId: number;
  /** The patient whose procedures were shown (their patient number in the practice system). */
  customerKey: number;
}

export interface AllocationSavedDetail extends AllocationEventDetail {
  /** What this allocation put on procedures, in cents. */
  amount: number;
  /** What the payment has on procedures now, in cents (this allocation included). */
  allocated: number;
  /** The payment's pay splits in the practice system after the allocation. */
  paySplits: PaySplit[];
}

export interface AllocationChosenDetail extends AllocationEventDetail {
  /** The lines chosen (only those above 0), in cents: the associate call's `procedures`. */
  procedures: AssociateProcedure[];
  /** Their sum, in cents. */
  total: number;
}

export type AllocationClosedDetail = AllocationEventDetail;

export interface ChairsideEventMap {
  // ── SDK events ────────────────────────────────────────────────────────────────────────────────
  /** A message for the person at the screen: the portal and widget hosts show it as a banner. */
  banner: BannerDetail;
  /** How many requests that show progress are in flight; 0 means the loading indicator can hide. */
  progress: { pending: number };
  /** The realtime hub connected or lost its connection (it keeps retrying while disconnected). */
  'realtime-state': { state: 'connected' | 'disconnected' };
  /** A payment, refund or void was processed in the current practice (from the realtime hub). */
  'transaction-processed': TransactionProcessed;
  /**
   * A patient opened a payment request's page for the first time (its Viewed step), in the current
   * practice (from the realtime hub).
   */
  'payment-request-viewed': PaymentRequestViewed;
  /**
   * A patient stored a card on file through a card request's link, in the current practice (from the
   * realtime hub): that patient's cards changed.
   */
  'card-request-completed': CardRequestCompleted;
  /**
   * A membership of the current practice changed without anyone acting in its modal (from the
   * realtime hub's MembershipChanged): the patient completed their enrolment, or the billing run
   * charged, retried, renewed, expired or canceled it. Not `membership-changed`, the modal's own
   * element event for a change made in it.
   */
  'membership-updated': MembershipChanged;
  /**
   * A reimbursement of the current practice changed without anyone acting on it (from the realtime
   * hub's InsurancePaymentChanged): a patient paid their share's payment request, so its `paid` and
   * Request Paid rose.
   */
  'insurance-payment-updated': InsurancePaymentChanged;
  /** Someone signed in or out (also sent once when the SDK is ready, with the current state). */
  auth: { signedIn: boolean };
  /**
   * The API refused a call because the signed-in person has not accepted the terms of service yet:
   * the page should show them the terms (the portal goes to its terms page). No banner is shown.
   */
  'terms-required': { message: string };
  /** `init` finished: configuration loaded and a returning sign-in completed. */
  ready: Record<string, never>;
  /** `init` could not set the SDK up as asked; the message says what to change. */
  'init-error': { message: string };

  // ── Widget element events (dispatched by the elements; bubbling, composed) ────────────────────
  /** A patient was chosen in a patient search. */
  'patient-selected': PatientSelectedDetail;
  /** A patient was added or updated. */
  'patient-saved': PatientSavedDetail;
  /**
   * The stored-cards widget's selected card changed (its `value` changed with it): the person
   * selected a card or stored a new one, or the selection moved to the default card because the
   * selected one was removed. Not sent for the card selected when the widget loads: read `value`.
   */
  'card-selected': CardSelectedDetail;
  /** A card was stored for the patient from the card-entry frame. */
  'card-saved': CardSavedDetail;
  /** A card on file was removed (not sent when a plan or membership stopped the removal). */
  'card-removed': CardRemovedDetail;
  /** The patient was sent a text and/or e-mail asking them to store a card themselves. */
  'card-request-sent': CardRequestSentDetail;
  /**
   * Someone changed a payment plan in its modal: a payment or adjustment, a canceled plan, the card
   * on file, past-due notifications, a schedule edit or a ledger action.
   */
  'payment-plan-changed': PaymentPlanChangedDetail;
  /** The payment plan modal was closed (Close or Escape). */
  'payment-plan-closed': PaymentPlanClosedDetail;
  /**
   * Someone changed a membership in its modal: a payment, the renewal, a cancellation, a restart,
   * the enrollees or the card on file.
   */
  'membership-changed': MembershipChangedDetail;
  /** The membership modal was closed (Close or Escape). */
  'membership-closed': MembershipClosedDetail;
  /** A payment request's link was sent to the patient again (Send Reminder). */
  'payment-request-reminded': PaymentRequestRemindedDetail;
  /** A payment request was cancelled (after its confirmation): its link no longer takes a payment. */
  'payment-request-cancelled': PaymentRequestCancelledDetail;
  /**
   * The payment-request element's modal was closed (Close or Escape). A host may remove the element;
   * setting another `notification-id` opens the modal again.
   */
  'payment-request-closed': PaymentRequestClosedDetail;
  /** A payment was refunded, in full or in part ('Transaction Refunded'). */
  'transaction-refunded': TransactionRefundedDetail;
  /** An unsettled card payment was voided ('Transaction Voided'). */
  'transaction-voided': TransactionVoidedDetail;
  /** A payment was moved to another patient ('Patient Changed'). */
  'transaction-moved': TransactionMovedDetail;
  /** An unassociated payment was attached to a patient. */
  'transaction-associated': TransactionAssociatedDetail;
  /** An unassociated payment was removed for good (neither voided nor refunded). */
  'transaction-removed': TransactionRemovedDetail;
  /** The transaction-details element's modal was closed (Close or Escape). */
  'transaction-details-closed': TransactionDetailsClosedDetail;
  /** A payment was split across procedures and the splits written to the practice system. */
  'allocation-saved': AllocationSavedDetail;
  /** In "associate" use: the procedures chosen for a payment about to be associated (nothing saved). */
  'allocation-chosen': AllocationChosenDetail;
  /** The allocation modal was closed (Cancel, Escape, after saving or choosing, or to open another patient). */
  'allocation-closed': AllocationClosedDetail;
}

/** The events widget elements dispatch; `defineWidget` maps `onPatientSelected` props onto them. */
export type WidgetEventMap = Pick<
  ChairsideEventMap,
  | 'patient-selected'
  | 'patient-saved'
  | 'card-selected'
  | 'card-saved'
  | 'card-removed'
  | 'card-request-sent'
  | 'payment-plan-changed'
  | 'payment-plan-closed'
  | 'membership-changed'
  | 'membership-closed'
  | 'payment-request-reminded'
  | 'payment-request-cancelled'
  | 'payment-request-closed'
  | 'transaction-refunded'
  | 'transaction-voided'
  | 'transaction-moved'
  | 'transaction-associated'
  | 'transaction-removed'
  | 'transaction-details-closed'
  | 'allocation-saved'
  | 'allocation-chosen'
  | 'allocation-closed'
>;
/** The events the SDK itself emits. */
export type SdkEventMap = Omit<ChairsideEventMap, keyof WidgetEventMap>;

export type EventName = keyof ChairsideEventMap;
export type Unsubscribe = () => void;

export interface EventBus<M = ChairsideEventMap> {
  /** Calls `handler` for every `name` event until the returned function is called. */
  on<K extends keyof M>(name: K, handler: (detail: M[K]) => void): Unsubscribe;
  emit<K extends keyof M>(name: K, detail: M[K]): void;
}

/** The DOM name of an event, as host pages listen for it. */
export function domEventName(name: string): string {
  return `chairside:${name}`;
}

export function createEventBus<M = ChairsideEventMap>(): EventBus<M> {
  const handlers = new Map<keyof M, Set<(detail: never) => void>>();
  return {
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      // Wrapping keeps two subscriptions of the same function independent.
      const entry = (detail: never) => handler(detail);
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(name, detail) {
      // A copy: a handler that unsubscribes (or subscribes) while we loop must not skip anyone.
      for (const handler of [...(handlers.get(name) ?? [])]) {
        try {
          handler(detail as never);
        } catch (error) {
          // One broken listener (perhaps the host page's) must not stop the others or the caller.
          console.error(`Chairside: a "${String(name)}" event listener failed:`, error);
        }
      }
      dispatchDomEvent(String(name), detail);
    },
  };
}

function dispatchDomEvent(name: string, detail: unknown) {
  // No document in Node (tests, server-side rendering of a host page): the bus still works.
  if (typeof document === 'undefined') return;
  document.dispatchEvent(new CustomEvent(domEventName(name), { detail, bubbles: true, composed: true }));
}
