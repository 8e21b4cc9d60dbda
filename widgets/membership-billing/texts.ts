/**
 * The 'Membership for {name}' modal's words, and New Membership's. The spec's messages (part 2, section 8) come from the
 * contract's MEMBERSHIP_MESSAGES and the rules' texts (renewal labels, status pill, expiring alert,
 * start date) from embed-sdk/rules/memberships.ts, verbatim; they are re-exported from here so the
 * modal reads every word from one place. The rest are the product's labels.
 */
import { MEMBERSHIP_MESSAGES, type MembershipCycle } from '../../embed-sdk/contract/membership.js';
import {
  expiringAlertText,
  MEMBERSHIP_STATUS_TEXT,
  RENEWAL_LABELS,
  START_DATE_TEXT,
} from '../../embed-sdk/rules/memberships.js';
import { ENROLL_RULES } from '../../embed-sdk/validation/membershipLimits.js';
import { FRAME_TEXT } from './frameTexts.js';

export { expiringAlertText, MEMBERSHIP_MESSAGES, MEMBERSHIP_STATUS_TEXT, RENEWAL_LABELS, START_DATE_TEXT };

const M = MEMBERSHIP_MESSAGES;

export const TEXT = {
  ...FRAME_TEXT,

  // Pills.
  membershipId: (id: number) => `Membership ID: ${id}`,

  // Alerts.
  pastDueTitle: 'Past Due',
  pastDue: (amount: string) => `This membership has a past-due balance of ${amount}.`,
  nextRetry: (date: string) => `The declined payment will be tried again on ${date}.`,
  retriesExhausted: 'The declined payment was retried on its whole schedule; it will not be tried again.',
  processPastDue: M.processPastDue,
  sendReminder: M.sendReminder,
  expiringTitle: 'Expiring',
  changeCancel: M.changeCancel,
  chargeInProgress:
    'A card payment for this membership is being processed. The membership can be changed again once it is recorded.',

  // Panels.
  startDate: 'Start Date',
  cycleAmount: 'Cycle Amount',
  cycles: { MONTHLY: 'Monthly', YEARLY: 'Yearly' },
  surcharge: 'Surcharge',
  cardTotal: 'Credit Card Total',
  nextPayment: 'Next Payment',
  on: (date: string) => `on ${date}`,
  nextRetryOn: (date: string) => `Retry of the declined payment on ${date}`,
  renewal: 'Renewal',
  paidThrough: (date: string) => `Paid through ${date}: it restarts with a new year's charge`,
  noCard: 'No card on file',
  enrollment: 'Enrollment',
  awaitingTitle: M.awaitingCompletion,
  awaitingHint: 'The patient has not completed the enrollment yet.',
  lastSent: (when: string) => `Link last sent ${when}`,
  linkWorksUntil: (when: string) => `Link works until ${when}`,
  linkExpiredOn: (when: string) => `Link expired ${when}: send a new link for the patient to enroll.`,
  sendNewLink: 'Send New Link',
  newLinkConfirm:
    'Send the patient a new enrollment link? The link they have now will stop working, and its page will tell them a newer one was sent.',
  keep: 'Keep',
  newLinkSentTitle: 'New Link Sent',
  newLinkSent:
    'The patient has been sent a new link to complete their enrollment. The link sent before no longer works.',
  cancelMembership: M.cancelMembership,
  restartMembership: 'Restart Membership',
  dontRenewNextCycle: "Don't Renew Next Year",
  renewNextCycle: 'Renew Next Year',
  reactivate: 'Re-activate Membership',
  reactivateConfirm: (billing: string, from: string | null) =>
    `Re-activate this membership? It becomes active again and is billed ${billing} on the card on file, from ${from ?? 'its next billing date'}.`,
  eachMonth: 'each month',
  eachYear: 'each year',
  reactivatedTitle: 'Re-activated',
  reactivated: 'This membership is active again.',

  // Tabs.
  tabs: 'Membership details',
  enrollees: 'Enrollees',
  paymentHistory: 'Payment History',
  authorization: 'Authorization',

  // Enrollees.
  enrolleesTable: 'Enrollees',
  patient: 'Patient',
  plan: 'Plan',
  discountPlan: 'Discount Plan',
  quantity: 'Quantity',
  amount: 'Cycle Amount',
  total: 'Total',
  quantityOf: (name: string, plan: string) => `Quantity of ${plan} for ${name}`,
  amountOf: (name: string, plan: string) => `Cycle amount of ${plan} for ${name}`,
  openPlan: (plan: string) => `${plan}: plan details`,
  none: '—',
  notifyPatientOfChanges: M.notifyPatientOfChanges,
  saveMembershipChanges: M.saveMembershipChanges,
  discardChanges: 'Discard Changes',
  newCycleAmount: (amount: string) => `New cycle amount: ${amount}`,
  billing: 'Billing',
  nextBillingDate: 'Next Billing Date',
  nextBillingDateHint: 'The date of the next charge; the following ones fall on the same day of the month.',
  nextBillingDateHintYearly: "The term's end, when the next year is charged.",
  yearlyAutoRenew: 'Auto-renew every year',
  nextBillingDateRequired: 'The Next Billing Date is required.',
  nextBillingDatePast: 'The Next Billing Date must be today or later.',

  // The plan detail modal.
  benefits: 'Benefits',
  noBenefits: 'No benefits are listed for this plan.',
  planImage: (plan: string) => `${plan}`,

  // Payment History.
  historyTable: 'Payment history',
  paid: 'Amount',
  date: 'Date',
  description: 'Description',
  fundingSource: 'Funding Source',
  card: 'Card',
  status: 'Status',
  reason: 'Reason',
  action: 'Action',
  noPayments: 'No payments yet.',
  approved: 'Approved',
  declined: 'Declined',
  refunded: 'Refunded',
  voided: 'Voided',
  cardSource: 'Card',
  cash: 'Cash',
  check: 'Check',
  refund: 'Refund',
  void: 'Void',
  rowActions: (name: string) => `Actions for ${name}`,

  // Authorization.
  method: 'Method',
  methods: { SIGNATURE: 'Signature', CHECKBOX: 'Checkbox' },
  ipAddress: 'IP Address',
  signature: 'Signature',
  signatureImage: (name: string) => `Signature of ${name}`,
  template: 'Template',
  approvedDate: 'Approved Date',
  notRecorded: 'Not recorded',
} as const;

/** What 'Renew Selection Saved' says the renewal now is (Renewal Options, Cancel Membership on expiration). */
export const RENEWAL_SAVED = {
  startsOn: (date: string) => `The membership now starts on ${date}. `,
  autoRenewsOn: (date: string) => `The membership auto-renews on ${date}.`,
  autoRenews: 'The membership auto-renews at the end of each term.',
  monthly: 'The membership renews every month until it is canceled.',
  renewsOnceOn: (date: string) =>
    `The membership renews once on ${date}, then expires at the end of that term.`,
  expiresOn: (date: string) => `The membership expires on ${date}.`,
  canceledOn: (date: string) => `The membership will be canceled on ${date}, at the end of its term.`,
  ended: 'The membership does not renew.',
} as const;

/** The dialogs' words. */
export const DIALOG_TEXT = {
  cancel: 'Cancel',
  close: 'Close',

  renewalTitle: 'Renewal Options',
  renewalChoices: 'When the membership’s term ends',
  renewalModes: {
    CANCEL: 'Cancel the membership now',
    EXPIRING: 'Let the membership expire at the end of its term',
    YEARLYONCE: 'Renew once, then let it expire',
    YEARLY: 'Auto-renew',
    STARTDATE: 'Change the start date',
  },
  newStartDate: 'New start date',
  termEnd: 'Term ends on',
  renewsMonthly: 'Renews every month until canceled',
  notifyPatient: 'Notify the patient of the change by e-mail',
  saveRenewal: 'Save',
  chooseMode: 'Choose what happens at the end of the term.',
  chooseStartDate: 'Choose the new start date: today or later.',

  restartTitle: 'Restart Membership',
  restartMessage: (amount: string) =>
    `The membership starts again today, and the card on file is charged ${amount} for its first year.`,
  restartWithCard: (amount: string) =>
    `The membership starts again today, and this card is charged ${amount} for its first year. Once approved, it is the membership’s card on file.`,
  restartAmountPending: 'Looking up what this card is charged…',
  restartCard: 'Card to Charge',
  useAnotherCard: 'Use Another Card',
  restart: 'Restart Membership',
  keepExpired: 'Cancel',

  paymentTitle: (name: string) => `${M.makePaymentFor} ${name}`,
  amount: 'Amount',
  pastDueHint: (amount: string) => `Past due: ${amount}`,
  processTransaction: M.processTransaction,
  chargedTo: (card: string) => `Charged to ${card}`,
  noCard: 'This membership has no card on file to charge.',
  transactionId: (id: string) => `Transaction ID: ${id}`,
  declined: 'The card was declined.',

  cancelTitle: M.cancelMembership,
  cancelWhen: 'When should the membership be canceled?',
  cancelActions: {
    CANCEL: 'Immediately',
    EXP: 'On expiration',
  },
  cancelExpHint: (date: string) => `It stays active until ${date}.`,
  cancelMembership: M.cancelMembership,
  keepMembership: 'Keep Membership',

  // The card picker's hints: Change Card, and Restart Membership's Use Another Card.
  changeCardHint: 'The membership’s next payments will be charged to this card.',
  restartCardHint: 'The restart is charged to this card. Once approved, it pays the membership from then on.',
} as const;

/**
 * New Membership's words (new-membership/). The cycles' and approval methods' labels are the
 * modal's (`TEXT.cycles`, `TEXT.methods`); the contract's messages are the spec's.
 */
export const NEW_MEMBERSHIP_TEXT = {
  titleFor: (name: string) => `New Membership for ${name}`,
  create: 'Create Membership',
  sendLink: 'Send Enrollment Link',

  // The terms.
  cycle: 'Billing cycle',
  startDate: 'Start date',
  startDateHint: 'The first payment is taken on this day.',

  // The enrollees.
  enrollees: 'Enrollees',
  plansFailed: 'The membership plans could not be loaded.',
  plansLoading: 'Loading the membership plans…',
  enrollee: 'Enrollee',
  enrolleeN: (n: number) => `Enrollee ${n}`,
  plan: 'Plan',
  planFor: (n: number) => `Plan for enrollee ${n}`,
  choosePlan: 'Choose a plan',
  planOption: (plan: string, price: string) => `${plan} · ${price}`,
  qty: 'Qty',
  qtyFor: (n: number) => `Quantity for enrollee ${n}`,
  perCycle: 'Per cycle',
  amountFor: (n: number) => `Amount for enrollee ${n}`,
  noAmount: '—',
  remove: (n: number) => `Remove enrollee ${n}`,
  addEnrollee: 'Add Enrollee',
  addFamilyMember: 'Add a family member',
  searchFamily: (holder: string) => `Search ${holder}'s family`,
  guarantor: 'Guarantor',
  familyLoading: 'Loading the family…',
  familyFailed: 'The family could not be loaded.',
  noFamilyMatch: 'No family member matches.',
  noOtherFamily: (holder: string) => `${holder} has no other family members on record.`,
  everyoneAdded: 'Every family member is on the list.',
  familyMemberFailed: 'This family member could not be added. Try again.',
  familyHint: (holder: string) => `Family members share ${holder}'s guarantor; ${holder} pays for everyone.`,
  cycleAmountLabel: 'Cycle amount',
  cycleAmount: (cycle: string) => `${cycle} amount`,

  // How the patient approves.
  approveBy: 'The patient approves',
  approveByChoices: { NOW: 'Now, at the desk', LINK: 'By link (text and/or e-mail)' },
  approvedBy: 'Patient approved by',
  signature: 'Signature',
  signatureHint: 'The patient types their full name to sign the membership agreement.',
  // The agreement's own words are the rules' (deskAgreement): the server renders the same text.
  agreement: 'Agreement',
  agreementIncomplete: 'Choose the plans and the card on file to see what the patient agrees to be billed.',
  agreementPending: 'Looking up what the card is charged…',
  agreementFailed:
    'What the card is charged could not be looked up, so there is no agreement to approve yet.',
  linkHint: (holder: string) =>
    `${holder} is sent a link to see the plans and prices, add a card and sign. The membership awaits the patient until then.`,

  // The outcome.
  notifiedTitle: M.notifiedTitle,
  notified: M.notified,
  declinedTitle: M.transactionDeclined,
  declined: (reason: string | null) =>
    `The membership was created, but its first payment was declined${reason ? ` (${reason})` : ''}. It is past due.`,
  createdTitle: 'Membership Created',
  created: (name: string, transactionId: string | null) =>
    transactionId
      ? `The membership for ${name} has been created. ${M.transactionApproved}: ${transactionId}.`
      : `The membership for ${name} has been created.`,
} as const;

/** New Membership's own rules' messages: what only the form checks (the contract's are ENROLL_RULES'). */
export const NEW_MEMBERSHIP_MESSAGES = {
  planRequired: 'Choose a plan.',
  planNotInCycle: (label: string, cycle: string) => `${label} has no ${cycle} price.`,
  qty: `The quantity must be a whole number from 1 to ${ENROLL_RULES.qtyMax}.`,
  startDate: 'The start date must be today or later.',
} as const;

/** A cycle in a sentence ('Perio Maintenance has no monthly price.'). */
export const CYCLE_WORDS: Record<MembershipCycle, string> = { MONTHLY: 'monthly', YEARLY: 'yearly' };
