import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

const OUTCOMES = {
  'transaction-refunded': {
    description: 'A payment was refunded, in full or in part (after its Refund form).',
    detail: 'TransactionRefundedDetail',
  },
  'transaction-voided': {
    description: 'An unsettled card payment was voided (after its Void form).',
    detail: 'TransactionVoidedDetail',
  },
  'transaction-moved': {
    description: 'A payment was moved to another patient (Move Payment).',
    detail: 'TransactionMovedDetail',
  },
  'transaction-associated': {
    description: 'An unassociated payment was attached to a patient (Associate Transaction).',
    detail: 'TransactionAssociatedDetail',
  },
  'transaction-removed': {
    description:
      'An unassociated payment was removed for good (Remove Unassociated Payment): it was neither voided nor refunded.',
    detail: 'TransactionRemovedDetail',
  },
  'allocation-saved': {
    description:
      'A patient’s payment was split across procedures (its Allocate, in an Open Dental practice that allocates procedures).',
    detail: 'AllocationSavedDetail',
  },
} as const;

export const transactionsDefinition = describeWidget({
  tag: 'chairside-transactions',
  description:
    'The practice’s transactions, newest first, ten to a page: status, date, patient, source (with its link for those who may view it), payment method, amount (with the surcharge and total where surcharged) and whether each reached the practice system (Retry when posting failed). A filter bar (dates with presets, source, status, patient, transaction ID, unassociated payments), the count, Export CSV and, for staff who may take one, New Payment. Each row’s menu offers View Details, Refund or Void (as the payment’s settlement and the person’s roles allow), Move Payment, Associate or Remove for unassociated payments, and on a patient’s payments not yet fully allocated Allocate (Open Dental practices that allocate procedures; <chairside-allocation> opens). Sync status turns to posted live (through the realtime hub).',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'customer-key': {
      description: 'Only this patient’s payments: their patient number in the practice system.',
      type: 'string',
    },
    'notification-id': {
      description: 'Only the payments of this payment request (a notification id, a UUID).',
      type: 'string',
    },
    'payment-plan-detail-id': {
      description: 'Only the payments of this cycle of a payment plan (a payment plan detail id).',
      type: 'string',
    },
    'company-wide': {
      description:
        'Administrators: every practice’s transactions, with the dentist column linking to the admin area. Ignored for anyone else.',
      type: "'true' | 'false'",
      default: 'false',
    },
    'company-id': {
      description:
        'Administrators, with company-wide: only this practice’s transactions (a practice id), as its page in the admin area shows them.',
      type: 'string',
    },
  },
  events: OUTCOMES,
});

export const transactionDetailsDefinition = describeWidget({
  tag: 'chairside-transaction-details',
  entry: 'transactions/detailsElement',
  description:
    'One transaction’s details modal: its patient, source, payment type and card, note, status with the amount and surcharge split, transaction ID, date and time, and its refund or void. It opens when placed.',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'transaction-id': {
      description: 'The transaction’s id (a positive whole number).',
      type: 'string',
      required: true,
    },
  },
  events: {
    'transaction-details-closed': {
      description: 'The modal was closed (Close or Escape). Set another transaction-id to open it again.',
      detail: 'TransactionDetailsClosedDetail',
    },
  },
});
