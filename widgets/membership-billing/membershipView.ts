/**
 * Pure rules the 'Membership for {name}' modal needs (spec part 2, "Membership billing detail",
 * sections 4, 5 and 6) beyond the shared ones of embed-sdk/rules/memberships.ts: which actions,
 * alerts and tabs show for whom, the Renewal Options' choices, the enrollees' inline edits, and how
 * a Payment History row reads. The dates the server decides with its own clock (hasStarted,
 * awaitingPatientPastStartDate, daysUntilExpiration) come from the membership, so a sandbox clock
 * moved forward shows the same as the billing job acts on.
 */
import type {
  BillingMembership,
  CustomerMembershipBilling,
  MembershipLedgerRow,
  RenewalMode,
} from '../../embed-sdk/contract/membership.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import {
  cycleAmount,
  expiringAlertText,
  monthlyDateChoices,
  renewalInfo,
  showsExpiringAlert,
  START_DATE_TEXT,
} from '../../embed-sdk/rules/memberships.js';
import { centsToMoneyInput, isMoney, parseMoneyToCents } from '../../embed-sdk/validation/money.js';
import { validationMessages } from '../../embed-sdk/validation/messages.js';
import type { BannerDetail } from '../../embed-sdk/events.js';
import { MEMBERSHIP_MESSAGES, RENEWAL_LABELS, RENEWAL_SAVED, TEXT } from './texts.js';

export type Membership = CustomerMembershipBilling;

export function patientName(m: Pick<Membership, 'firstName' | 'lastName'>): string {
  return `${m.firstName} ${m.lastName}`.trim();
}

/** What the signed-in person may do with memberships (section 6). */
export interface MembershipRoles {
  /** EDITMEMBERSHIPS: every change. */
  canEdit: boolean;
  /** VIEWMEMBERSHIPS (or EDITMEMBERSHIPS): read. */
  canView: boolean;
}

export interface MembershipActions {
  processPastDue: boolean;
  sendDeclineReminder: boolean;
  changeCancel: boolean;
  changeCard: boolean;
  editEnrollees: boolean;
  /** Awaiting the patient: Send Reminder (the enrolment link again), while that link works. */
  remindAwaiting: boolean;
  /** Awaiting the patient: Send New Link (a new enrolment link; the old one stops working). */
  sendNewLink: boolean;
  /** Cancel Membership: an active one (immediately or on expiration), an awaiting one (immediately). */
  cancelMembership: boolean;
  restart: boolean;
  /** A yearly active membership whose coming term's end renews: Don't Renew Next Year (dontRenewNextYearlyCycle). */
  dontRenewNextYear: boolean;
  /** A yearly active membership whose term ends: Renew Next Year (renewNextYearlyCycle). */
  renewNextYear: boolean;
  /**
   * Re-activate Membership (setActive true): a canceled or expired one that becomes active again free
   * (the server's `reactivation`, rules/memberships.ts `reactivationOf`). A yearly one past the year
   * it paid for restarts with a new year's charge instead (Restart Membership, `restart`).
   */
  reactivate: boolean;
}

/**
 * Section 6: EDITMEMBERSHIPS for Process Past Due, Change/Cancel and the card, and (as changes) the
 * enrollees, the awaiting membership's actions and Restart. A viewer (VIEWMEMBERSHIPS) sees no action.
 */
export function membershipActions(m: Membership, roles: MembershipRoles): MembershipActions {
  const edit = roles.canEdit;
  const active = m.status === 'ACTIVE';
  const awaiting = m.status === 'AWAITINGPATIENT';
  return {
    processPastDue: edit && active && m.balance > 0,
    // Section 6: VIEWMEMBERSHIPS may Send Reminder of a declined payment (it changes no record of
    // the membership: it e-mails the patient, the contract's `writes: 'messages'`).
    sendDeclineReminder: roles.canView && active && m.balance > 0,
    changeCancel: edit && active,
    changeCard: edit && active,
    editEnrollees: edit && active,
    remindAwaiting: edit && awaiting && !m.enrollment?.linkExpired,
    sendNewLink: edit && awaiting,
    cancelMembership: edit && (active || awaiting),
    restart: edit && m.reactivation?.kind === 'RESTART',
    dontRenewNextYear: edit && active && m.cycle === 'YEARLY' && m.yearlyNextCycleAutoRenew,
    renewNextYear: edit && active && m.cycle === 'YEARLY' && !m.yearlyNextCycleAutoRenew,
    reactivate: edit && m.reactivation?.kind === 'REACTIVATE',
  };
}

/** The past-due alert: a balance left by declined charges. */
export function showsPastDueAlert(m: Pick<Membership, 'balance' | 'status'>): boolean {
  return m.balance > 0 && m.status !== 'AWAITINGPATIENT';
}

/** The expiring alert's text under the spec's four conditions, or null. */
export function expiringAlert(m: Membership): string | null {
  if (!showsExpiringAlert(m)) return null;
  return expiringAlertText(m.daysUntilExpiration ?? 0);
}

/** The start date panel: 'On Completion Date' with its hint once an awaiting membership's start date passed. */
export function startDateShown(m: Pick<Membership, 'startDate' | 'awaitingPatientPastStartDate'>): {
  text: string;
  hint: string | null;
} {
  return m.awaitingPatientPastStartDate
    ? { text: START_DATE_TEXT.onCompletionDate, hint: START_DATE_TEXT.onCompletionHint }
    : { text: formatDate(m.startDate), hint: null };
}

/** Next payment: for active, started, monthly memberships (with the retry of a declined charge). */
export function showsNextPayment(m: Pick<Membership, 'status' | 'hasStarted' | 'cycle'>): boolean {
  return m.status === 'ACTIVE' && m.hasStarted && m.cycle === 'MONTHLY';
}

export type MembershipTab = 'enrollees' | 'history' | 'authorization';

/** Enrollees always; Payment History once started; Authorization when an approval was recorded. */
export function visibleTabs(m: Pick<Membership, 'hasStarted' | 'authorization'>): MembershipTab[] {
  return [
    'enrollees',
    ...(m.hasStarted ? (['history'] as const) : []),
    ...(m.authorization ? (['authorization'] as const) : []),
  ];
}

// ── Renewal Options ─────────────────────────────────────────────────────────────────────────────

/** CANCEL, EXPIRING, YEARLYONCE, YEARLY; STARTDATE first when the membership has not started. */
export function renewalChoices(m: Pick<Membership, 'hasStarted'>): RenewalMode[] {
  const modes: RenewalMode[] = ['CANCEL', 'EXPIRING', 'YEARLYONCE', 'YEARLY'];
  return m.hasStarted ? modes : ['STARTDATE', ...modes];
}

/** The mode chosen at first: the membership's own, when it is one of the choices. */
export function initialRenewalMode(m: Pick<Membership, 'hasStarted' | 'renewalMode'>): RenewalMode | null {
  return renewalChoices(m).includes(m.renewalMode) ? m.renewalMode : null;
}

/**
 * A monthly membership's term end choices: the next 120 monthly anniversaries of its next billing
 * date (section 9); none for a yearly one or one with nothing more to bill.
 */
export function termEndChoices(m: Pick<Membership, 'cycle' | 'startDate' | 'nextBillingDate'>): string[] {
  if (m.cycle !== 'MONTHLY' || m.nextBillingDate === null) return [];
  return monthlyDateChoices({ startDate: m.startDate, nextBillingDate: m.nextBillingDate });
}

// ── The enrollees' inline edits ─────────────────────────────────────────────────────────────────

/** A line's quantity and amount as typed (the amount in dollars). */
export interface LineEdit {
  qty: string;
  amount: string;
}

export type LineEdits = Record<number, LineEdit>;

export const QTY_MAX = 20;

export function lineEditOf(line: Pick<BillingMembership, 'qty' | 'amount'>): LineEdit {
  return { qty: String(line.qty), amount: centsToMoneyInput(line.amount) };
}

/** What is wrong with a typed quantity, or null (a whole number from 1 to 20, as the server takes). */
export function qtyProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'The Quantity is required.';
  if (!/^\d+$/.test(trimmed)) return 'The Quantity must be a whole number.';
  const qty = Number(trimmed);
  if (qty < 1 || qty > QTY_MAX) return `The Quantity must be from 1 to ${QTY_MAX}.`;
  return null;
}

/** What is wrong with a typed cycle amount, or null (money, section 5: it starts 1-9, so never zero). */
export function amountProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'The Cycle Amount is required.';
  if (!isMoney(trimmed)) return validationMessages.money('Cycle Amount');
  return null;
}

export interface EditedLine {
  id: number;
  qty: number;
  amount: number;
}

/**
 * The lines as edited: each line's quantity and amount in cents (the saved ones where not edited),
 * whether any differs from what is saved, the new cycle amount, and the first problem per line.
 */
export function editedLines(
  lines: readonly Pick<BillingMembership, 'id' | 'qty' | 'amount'>[],
  edits: LineEdits,
): {
  lines: EditedLine[];
  changed: boolean;
  problems: Record<number, { qty: string | null; amount: string | null }>;
  valid: boolean;
  amount: number | null;
} {
  const problems: Record<number, { qty: string | null; amount: string | null }> = {};
  let changed = false;
  let valid = true;
  const result = lines.map((line) => {
    const edit = edits[line.id];
    if (!edit) return { id: line.id, qty: line.qty, amount: line.amount };
    const qty = qtyProblem(edit.qty);
    const amount = amountProblem(edit.amount);
    problems[line.id] = { qty, amount };
    if (qty || amount) {
      valid = false;
      return { id: line.id, qty: line.qty, amount: line.amount };
    }
    const next = {
      id: line.id,
      qty: Number(edit.qty.trim()),
      amount: parseMoneyToCents(edit.amount.trim())!,
    };
    if (next.qty !== line.qty || next.amount !== line.amount) changed = true;
    return next;
  });
  return { lines: result, changed, problems, valid, amount: valid ? cycleAmount(result) : null };
}

// ── The next billing date and yearly auto-renew (saved with the enrollees) ─────────────────────

/** As edited: a field is present once the person changed it. */
export interface BillingEdits {
  /** YYYY-MM-DD as the date field gives it ('' when cleared). */
  nextBillingDate?: string;
  yearlyAutoRenew?: boolean;
}

/** The next billing date may move once the membership has started and has one (an active one). */
export function editsNextBillingDate(m: Pick<Membership, 'hasStarted' | 'nextBillingDate'>): boolean {
  return m.hasStarted && m.nextBillingDate !== null;
}

/** Yearly auto-renew is a yearly membership's. */
export function editsYearlyAutoRenew(m: Pick<Membership, 'cycle'>): boolean {
  return m.cycle === 'YEARLY';
}

/**
 * What Save Membership Changes sends beside the lines: only what differs from the membership as
 * saved (an unchanged auto-renew is not sent, so a renew-once membership keeps its choice), whether
 * anything differs, and what is wrong with the date (`today`: YYYY-MM-DD).
 */
export function editedBilling(
  m: Pick<Membership, 'hasStarted' | 'nextBillingDate' | 'cycle' | 'yearlyAutoRenew'>,
  edits: BillingEdits,
  today: string,
): {
  changes: { nextBillingDate?: string; yearlyAutoRenew?: boolean };
  changed: boolean;
  problem: string | null;
} {
  const changes: { nextBillingDate?: string; yearlyAutoRenew?: boolean } = {};
  let problem: string | null = null;
  if (edits.nextBillingDate !== undefined && editsNextBillingDate(m)) {
    const date = edits.nextBillingDate.trim();
    if (date === '') problem = TEXT.nextBillingDateRequired;
    else if (date !== m.nextBillingDate) {
      if (date < today) problem = TEXT.nextBillingDatePast;
      else changes.nextBillingDate = date;
    }
  }
  if (
    edits.yearlyAutoRenew !== undefined &&
    editsYearlyAutoRenew(m) &&
    edits.yearlyAutoRenew !== m.yearlyAutoRenew
  ) {
    changes.yearlyAutoRenew = edits.yearlyAutoRenew;
  }
  return { changes, changed: Object.keys(changes).length > 0, problem };
}

// ── Payment History ─────────────────────────────────────────────────────────────────────────────

export function fundingLabel(row: Pick<MembershipLedgerRow, 'fundingSource'>): string {
  switch (row.fundingSource) {
    case 'CASH':
      return TEXT.cash;
    case 'CHECK':
      return TEXT.check;
    default:
      return TEXT.cardSource;
  }
}

/** A refund or void overrides the status. */
export function ledgerStatus(row: Pick<MembershipLedgerRow, 'status' | 'refundVoidType'>): {
  text: string;
  color: 'success' | 'danger' | 'warning';
} {
  if (row.refundVoidType === 'REFUNDED') return { text: TEXT.refunded, color: 'warning' };
  if (row.refundVoidType === 'VOIDED') return { text: TEXT.voided, color: 'warning' };
  if (row.status === 'DECLINED') return { text: TEXT.declined, color: 'danger' };
  return { text: TEXT.approved, color: 'success' };
}

/**
 * The card payment's give-back a row offers: Refund once settled, Void before (as last known; the
 * form checks again); none for a declined, already given back or non-card row, or without an id.
 */
export function giveBackOf(
  row: Pick<MembershipLedgerRow, 'actions' | 'isSettled' | 'transactionId'>,
): 'REFUND' | 'VOID' | null {
  if (!row.actions.refundOrVoid || row.transactionId === null) return null;
  return row.isSettled ? 'REFUND' : 'VOID';
}

/**
 * What staff read once Cancel Membership or Renewal Options is saved: 'Canceled' when the membership
 * was canceled now; otherwise 'Renew Selection Saved' (section 8) with what the renewal now is, read
 * from the membership as saved (`saved`), as every other change says what it did.
 */
export function renewalSavedNotice(canceledNow: boolean, saved: Membership): BannerDetail {
  if (canceledNow) {
    return {
      intent: 'success',
      title: MEMBERSHIP_MESSAGES.canceledTitle,
      message: MEMBERSHIP_MESSAGES.canceled,
    };
  }
  return {
    intent: 'success',
    title: MEMBERSHIP_MESSAGES.renewSelectionSaved,
    message: renewalSavedMessage(saved),
  };
}

/** The renewal as saved, in a sentence (the renewal panel's rule: rules' renewalInfo). */
export function renewalSavedMessage(m: Membership): string {
  const { label, date } = renewalInfo(m);
  const on = date ? formatDate(date) : '';
  const starts =
    m.renewalMode === 'STARTDATE' && !m.hasStarted ? RENEWAL_SAVED.startsOn(formatDate(m.startDate)) : '';
  switch (label) {
    case RENEWAL_LABELS.autoRenewsOn:
      return `${starts}${RENEWAL_SAVED.autoRenewsOn(on)}`;
    case RENEWAL_LABELS.autoRenews:
      return `${starts}${m.cycle === 'MONTHLY' ? RENEWAL_SAVED.monthly : RENEWAL_SAVED.autoRenews}`;
    case RENEWAL_LABELS.renewsOnceOn:
      return RENEWAL_SAVED.renewsOnceOn(on);
    case RENEWAL_LABELS.expiresOn:
      return m.renewalMode === 'CANCEL' ? RENEWAL_SAVED.canceledOn(on) : RENEWAL_SAVED.expiresOn(on);
    default:
      return RENEWAL_SAVED.ended;
  }
}
