/** Table tests of the modal's own rules: actions by role and status, tabs, renewal choices, inline edits, ledger rows. */
import { describe, expect, it } from 'vitest';
import {
  activeMonthly,
  activeYearlyExpiring,
  awaiting,
  canceled,
  expired,
  membershipLedgerRow,
  pastDue,
} from '../ui/testing/membershipFixtures.js';
import {
  editedLines,
  expiringAlert,
  giveBackOf,
  ledgerStatus,
  membershipActions,
  renewalChoices,
  termEndChoices,
  visibleTabs,
} from './membershipView.js';

const EDITOR = { canEdit: true, canView: true };
const VIEWER = { canEdit: false, canView: true };
const NOBODY = { canEdit: false, canView: false };

const allowed = (actions: Record<string, boolean>) =>
  Object.entries(actions)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .sort();

describe('membershipActions', () => {
  it.each([
    [
      'active, editor',
      activeMonthly(),
      EDITOR,
      ['cancelMembership', 'changeCancel', 'changeCard', 'editEnrollees'],
    ],
    [
      'past due, editor',
      pastDue(),
      EDITOR,
      [
        'cancelMembership',
        'changeCancel',
        'changeCard',
        'editEnrollees',
        'processPastDue',
        'sendDeclineReminder',
      ],
    ],
    // Section 6: VIEWMEMBERSHIPS may send the declined payment's reminder, and nothing else.
    ['past due, viewer', pastDue(), VIEWER, ['sendDeclineReminder']],
    ['past due, neither role', pastDue(), NOBODY, []],
    ['awaiting, editor', awaiting(), EDITOR, ['cancelMembership', 'remindAwaiting', 'sendNewLink']],
    [
      'awaiting, its link expired, editor: a new link, no reminder of the dead one',
      awaiting({
        enrollment: {
          ...awaiting().enrollment!,
          linkExpired: true,
        },
      }),
      EDITOR,
      ['cancelMembership', 'sendNewLink'],
    ],
    ['awaiting, viewer', awaiting(), VIEWER, []],
    ['canceled, editor: re-activate', canceled(), EDITOR, ['reactivate']],
    ['canceled, viewer', canceled(), VIEWER, []],
    ['expired yearly, editor: restart (charged), not a free re-activation', expired(), EDITOR, ['restart']],
    ['expired monthly, editor: re-activate', expired({ cycle: 'MONTHLY' }), EDITOR, ['reactivate']],
    [
      'canceled yearly inside its paid year, editor: re-activate',
      canceled({ cycle: 'YEARLY', startDate: '2026-01-15', cancelledDate: '2026-05-01T15:00:00.000Z' }),
      EDITOR,
      ['reactivate'],
    ],
    [
      'canceled yearly past its paid year, editor: restart (charged), not a free re-activation',
      canceled({ cycle: 'YEARLY', startDate: '2025-01-15', cancelledDate: '2025-05-01T15:00:00.000Z' }),
      EDITOR,
      ['restart'],
    ],
    [
      'active yearly ending, editor: renew next year',
      activeYearlyExpiring(),
      EDITOR,
      ['cancelMembership', 'changeCancel', 'changeCard', 'editEnrollees', 'renewNextYear'],
    ],
    [
      'active yearly renewing, editor: don’t renew next year',
      activeYearlyExpiring({
        renewalMode: 'YEARLY',
        yearlyNextCycleAutoRenew: true,
        yearlyAutoRenew: true,
      }),
      EDITOR,
      ['cancelMembership', 'changeCancel', 'changeCard', 'dontRenewNextYear', 'editEnrollees'],
    ],
    ['active yearly, viewer', activeYearlyExpiring(), VIEWER, []],
    ['expired yearly, viewer', expired(), VIEWER, []],
  ] as const)('%s', (_name, membership, roles, expected) => {
    expect(allowed({ ...membershipActions(membership, roles) })).toEqual([...expected].sort());
  });
});

describe('expiringAlert: the spec’s four conditions', () => {
  it.each([
    ['all four hold', {}, 'This membership will expire in 12 day(s).'],
    ['renewal mode YEARLY', { renewalMode: 'YEARLY' as const }, null],
    ['renewal mode CANCEL', { renewalMode: 'CANCEL' as const }, null],
    ['status EXPIRED', { status: 'EXPIRED' as const }, null],
    ['displayExpiration off', { displayExpiration: false }, null],
    ['not started', { hasStarted: false }, null],
    ['0 days left', { daysUntilExpiration: 0 }, 'This membership will expire in 0 day(s).'],
  ])('%s', (_name, over, text) => {
    expect(expiringAlert(activeYearlyExpiring(over))).toBe(text);
  });
});

describe('visibleTabs and renewalChoices', () => {
  it('shows Payment History once started and Authorization with an approval', () => {
    expect(visibleTabs(activeMonthly())).toEqual(['enrollees', 'history', 'authorization']);
    expect(visibleTabs(awaiting())).toEqual(['enrollees']);
    expect(visibleTabs(activeMonthly({ authorization: null }))).toEqual(['enrollees', 'history']);
  });

  it('offers STARTDATE first only before the start', () => {
    expect(renewalChoices(activeMonthly())).toEqual(['CANCEL', 'EXPIRING', 'YEARLYONCE', 'YEARLY']);
    expect(renewalChoices(activeMonthly({ hasStarted: false }))).toEqual([
      'STARTDATE',
      'CANCEL',
      'EXPIRING',
      'YEARLYONCE',
      'YEARLY',
    ]);
  });

  it('gives a monthly membership the 120 anniversaries of its next billing date, a yearly one none', () => {
    const dates = termEndChoices(activeMonthly({ startDate: '2026-01-31', nextBillingDate: '2026-08-31' }));
    expect(dates).toHaveLength(120);
    expect(dates.slice(0, 3)).toEqual(['2026-09-30', '2026-10-31', '2026-11-30']);
    expect(dates.at(-1)).toBe('2036-08-31');
    expect(termEndChoices(activeYearlyExpiring())).toEqual([]);
    expect(termEndChoices(canceled())).toEqual([]);
  });
});

describe('editedLines', () => {
  const lines = activeMonthly().billingMemberships;

  it('keeps the saved lines when nothing is edited', () => {
    const edited = editedLines(lines, {});
    expect(edited).toMatchObject({ changed: false, valid: true, amount: 7_000 });
  });

  it('takes typed quantities and amounts, in cents, and the new cycle amount', () => {
    const edited = editedLines(lines, { 2: { qty: '3', amount: '1,250.5' } });
    expect(edited.lines).toEqual([
      { id: 1, qty: 1, amount: 3_000 },
      { id: 2, qty: 3, amount: 125_050 },
    ]);
    expect(edited).toMatchObject({ changed: true, valid: true, amount: 3_000 + 3 * 125_050 });
  });

  it('an edit back to the saved values is no change', () => {
    expect(editedLines(lines, { 1: { qty: '1', amount: '30.00' } }).changed).toBe(false);
  });

  it.each([
    ['', '30', 'The Quantity is required.', null],
    ['0', '30', 'The Quantity must be from 1 to 20.', null],
    ['21', '30', 'The Quantity must be from 1 to 20.', null],
    ['1.5', '30', 'The Quantity must be a whole number.', null],
    ['1', '', null, 'The Cycle Amount is required.'],
    ['1', '0', null, 'The Cycle Amount is not a currency value.'],
    ['1', '12.345', null, 'The Cycle Amount is not a currency value.'],
  ])('qty "%s", amount "%s": refused, naming the field', (qty, amount, qtyProblem, amountProblem) => {
    const edited = editedLines(lines, { 1: { qty, amount } });
    expect(edited.valid).toBe(false);
    expect(edited.amount).toBeNull();
    expect(edited.problems[1]).toEqual({ qty: qtyProblem, amount: amountProblem });
  });
});

describe('Payment History rows', () => {
  it('a refund or void overrides the status', () => {
    expect(ledgerStatus(membershipLedgerRow({ id: 1 }))).toEqual({ text: 'Approved', color: 'success' });
    expect(ledgerStatus(membershipLedgerRow({ id: 1, status: 'DECLINED' })).text).toBe('Declined');
    expect(ledgerStatus(membershipLedgerRow({ id: 1, refundVoidType: 'VOIDED' })).text).toBe('Voided');
    expect(ledgerStatus(membershipLedgerRow({ id: 1, refundVoidType: 'REFUNDED' })).text).toBe('Refunded');
  });

  it('a card payment is refunded once settled, voided before, and neither once given back', () => {
    expect(giveBackOf(membershipLedgerRow({ id: 1, isSettled: true }))).toBe('REFUND');
    expect(giveBackOf(membershipLedgerRow({ id: 1, isSettled: false }))).toBe('VOID');
    const none = { refundCashCheck: false, refundOrVoid: false, moveToEnd: false, remove: false };
    expect(giveBackOf(membershipLedgerRow({ id: 1, actions: none }))).toBeNull();
    expect(giveBackOf(membershipLedgerRow({ id: 1, transactionId: null }))).toBeNull();
  });
});
