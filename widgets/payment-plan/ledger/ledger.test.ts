/** The ledger's pure rules: labels, the status a refund or void overrides, the menus by role and settlement, the 180 days. */
import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '../schedule/permissions.js';
import {
  fundingLabel,
  hasMenu,
  isRefundUnavailable,
  ledgerMenu,
  pastDueAmount,
  showsSurchargeColumns,
  statusDisplay,
} from './ledger.js';
import { adjustment, cardPayment, declined, deskPayment } from './testing/fixtures.js';

const FRONT_DESK = { canEdit: true, canRefund: true, canVoid: false };
const ADMIN = { canEdit: true, canRefund: true, canVoid: true };
const VOIDER = { canEdit: false, canRefund: false, canVoid: true };

describe('the columns and cells', () => {
  it('shows the surcharge columns only if any row has a surcharge', () => {
    expect(showsSurchargeColumns([deskPayment({ id: 1 }), cardPayment({ id: 2 })])).toBe(true);
    expect(showsSurchargeColumns([deskPayment({ id: 1 }), adjustment({ id: 2 })])).toBe(false);
    expect(showsSurchargeColumns([])).toBe(false);
  });

  it.each([
    [cardPayment({ id: 1 }), 'Card'],
    [deskPayment({ id: 1 }), 'Cash'],
    [deskPayment({ id: 1, fundingSource: 'CHECK', checkNum: '1042' }), 'Check #1042'],
    [deskPayment({ id: 1, fundingSource: 'CHECK' }), 'Check'],
    [adjustment({ id: 1 }), 'Credit Adjustment'],
    [adjustment({ id: 1, adjustmentType: 'DEBIT' }), 'Debit Adjustment'],
  ])('names the funding source of %#', (row, label) => {
    expect(fundingLabel(row)).toBe(label);
  });

  it('shows a refund or void instead of the status, with the amount given back', () => {
    expect(statusDisplay(cardPayment({ id: 1 }))).toMatchObject({ text: 'Approved', amount: null });
    expect(statusDisplay(declined({ id: 1 }))).toMatchObject({ text: 'Declined', color: 'danger' });
    expect(statusDisplay(adjustment({ id: 1 }))).toMatchObject({ text: 'Applied' });
    expect(
      statusDisplay(cardPayment({ id: 1, refundVoidType: 'REFUNDED', refundVoidAmount: 23_175 })),
    ).toMatchObject({ text: 'Refunded', amount: 23_175 });
    expect(
      statusDisplay(cardPayment({ id: 1, refundVoidType: 'VOIDED', refundVoidAmount: 23_175 })),
    ).toMatchObject({ text: 'Voided', amount: 23_175 });
  });
});

describe('the 180-day refund window', () => {
  const now = new Date('2026-09-10T12:00:00.000Z');
  it.each([
    ['2026-03-14T12:00:00.000Z', false, false], // 180 days to the hour: still inside
    ['2026-03-14T11:59:00.000Z', false, true],
    ['2026-09-01T12:00:00.000Z', true, true], // the server says so
    ['2026-09-01T12:00:00.000Z', false, false],
  ])('a payment of %s (cantRefund %s) is unavailable: %s', (dateTime, cantRefund, unavailable) => {
    expect(isRefundUnavailable({ dateTime, cantRefund }, now)).toBe(unavailable);
  });
});

describe('the row menus', () => {
  it('refund cash and checks for PROCESSREFUND', () => {
    const cash = deskPayment({ id: 1 });
    expect(ledgerMenu(cash, FRONT_DESK, true)).toEqual({ actions: ['refundCash'], notAllowed: null });
    expect(hasMenu(cash, VOIDER)).toBe(false);
    expect(hasMenu(cash, NO_PERMISSIONS)).toBe(false);
  });

  it('refund a settled card payment and void an unsettled one, each for its role', () => {
    const card = cardPayment({ id: 1 });
    expect(ledgerMenu(card, ADMIN, true).actions).toEqual(['refund']);
    expect(ledgerMenu(card, ADMIN, false).actions).toEqual(['void']);
    expect(ledgerMenu(card, FRONT_DESK, false)).toEqual({ actions: [], notAllowed: 'void' });
    expect(ledgerMenu(card, VOIDER, true)).toEqual({ actions: [], notAllowed: 'refund' });
    expect(hasMenu(card, FRONT_DESK)).toBe(true);
    expect(hasMenu(card, NO_PERMISSIONS)).toBe(false);
  });

  it('move or remove a declined item for EDITPAYMENTPLANS', () => {
    const row = declined({ id: 1 });
    expect(ledgerMenu(row, FRONT_DESK, false).actions).toEqual(['moveToEnd', 'remove']);
    expect(hasMenu(row, VOIDER)).toBe(false);
  });

  it('offer nothing the server does not allow (a refunded payment, an adjustment)', () => {
    const refunded = cardPayment({ id: 1, refundVoidType: 'REFUNDED', actions: { refundOrVoid: false } });
    expect(hasMenu(refunded, ADMIN)).toBe(false);
    expect(hasMenu(adjustment({ id: 2 }), ADMIN)).toBe(false);
  });
});

describe('pastDueAmount', () => {
  it("is what the declined item's schedule row still owes, or the declined amount without one", () => {
    const row = declined({ id: 3, paymentPlanDetailId: 102, orderAmount: 22_500 });
    expect(pastDueAmount(row, [{ id: 102, amountDue: 17_500 }])).toBe(17_500);
    expect(pastDueAmount(row, [{ id: 101, amountDue: 1 }])).toBe(22_500);
  });
});
