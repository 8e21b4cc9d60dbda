import { describe, expect, it } from 'vitest';
import { asksSettlementFor, menuActions, NO_PERMISSIONS, permissionsOf } from './actions.js';
import { tx } from './testing/fixtures.js';
import {
  checkNumberOf,
  expiryOf,
  patientCell,
  sourceTarget,
  syncView,
  transactionIdOf,
} from './transactionView.js';

describe('transactionIdOf', () => {
  it.each([
    ['R47NVR-2026-0001', 'R47NVR'],
    ['R47NVR', 'R47NVR'],
    ['CHK1-0002#1042', 'CHK1'],
  ])('%s → %s', (reference, id) => expect(transactionIdOf(reference)).toBe(id));
});

describe('checkNumberOf', () => {
  it('is the part after # of a check', () => {
    expect(checkNumberOf({ fundingSource: 'CHECK', referenceId: 'CHK1-0002#1042' })).toBe('1042');
    expect(checkNumberOf({ fundingSource: 'CHECK', referenceId: 'CHK1-0002' })).toBeNull();
    expect(checkNumberOf({ fundingSource: 'CARD', referenceId: 'CHK1-0002#1042' })).toBeNull();
  });
});

describe('expiryOf', () => {
  it.each([
    ['its own month and year', { expMonth: '4', expYear: '2031', resultMetaData: null }, '04/31'],
    ['two-digit year', { expMonth: '12', expYear: '30', resultMetaData: null }, '12/30'],
    [
      "month '0': the provider's fields",
      {
        expMonth: '0',
        expYear: '0',
        resultMetaData: { cardExpirationMonth: '7', cardExpirationYear: '2029' },
      },
      '07/29',
    ],
    [
      "month '0': one level down",
      {
        expMonth: '0',
        expYear: null,
        resultMetaData: { card: { expirationMonth: 1, expirationYear: 2030 } },
      },
      '01/30',
    ],
    ["month '0' and nothing in the result", { expMonth: '0', expYear: '0', resultMetaData: {} }, null],
    ['nothing', { expMonth: null, expYear: null, resultMetaData: null }, null],
  ])('%s', (_what, t, expected) => expect(expiryOf(t)).toBe(expected));
});

describe('patientCell', () => {
  const base = { associatedAutoMessage: null, associatedManMessage: null, customerKey: 1 };
  it.each([
    [
      'Multiple Customers',
      { ...base, firstName: 'Multiple', lastName: 'Customers', customerId: 3 },
      'multiple',
    ],
    ['no customer, no name', { ...base, firstName: null, lastName: 'X', customerId: null }, 'unassociated'],
    ['a name without a customer', { ...base, firstName: 'Walk', lastName: 'In', customerId: null }, 'name'],
    ['a customer', { ...base, firstName: 'Maria', lastName: 'Garcia', customerId: 3 }, 'link'],
  ] as const)('%s', (_what, t, kind) => expect(patientCell(t).kind).toBe(kind));

  it('says how the patient was associated', () => {
    const cell = patientCell({
      firstName: 'Maria',
      lastName: 'Garcia',
      customerId: 3,
      customerKey: 1,
      associatedAutoMessage: null,
      associatedManMessage: 'By Fran',
    });
    expect(cell).toMatchObject({ kind: 'link', association: { how: 'manual', message: 'By Fran' } });
  });
});

describe('sourceTarget', () => {
  it('names what a source opens and the role it needs', () => {
    const none = {
      paymentPlanId: null,
      customerMembershipBillingId: null,
      insurancePaymentId: null,
      notificationId: null,
    };
    expect(sourceTarget({ ...none, source: 'MEMBERSHIP', customerMembershipBillingId: 4 })).toEqual({
      kind: 'membership',
      id: 4,
      role: 'VIEWMEMBERSHIPS',
    });
    expect(sourceTarget({ ...none, source: 'TEXTTOPAY' })).toEqual({
      kind: 'paymentRequestUnknown',
      role: 'VIEWPAYMENTREQUESTS',
    });
    expect(sourceTarget({ ...none, source: 'TERMINAL' })).toBeNull();
  });
});

describe('syncView', () => {
  it.each([
    [{ status: 'APPROVED', practiceManagementStatus: 0, removed: null, customerId: 1 }, 'pending'],
    [{ status: 'APPROVED', practiceManagementStatus: 1, removed: null, customerId: 1 }, 'failed'],
    [{ status: 'APPROVED', practiceManagementStatus: 2, removed: null, customerId: 1 }, 'posted'],
    [{ status: 'DECLINED', practiceManagementStatus: 0, removed: null, customerId: 1 }, 'none'],
    [{ status: 'APPROVED', practiceManagementStatus: 0, removed: null, customerId: null }, 'none'],
  ] as const)('%o → %s', (t, view) => expect(syncView(t)).toBe(view));
});

describe('menuActions', () => {
  const all = permissionsOf(() => true);
  it.each([
    ['settled card', tx({ id: 1 }), true, ['details', 'refund', 'move']],
    ['unsettled card', tx({ id: 1 }), false, ['details', 'void', 'move']],
    [
      'cash is refunded whatever the card provider says',
      tx({ id: 1, fundingSource: 'CASH' }),
      false,
      ['details', 'refund', 'move'],
    ],
    [
      'voided: its details only',
      tx({ id: 1, refundVoidType: 'VOIDED', canRefund: false }),
      true,
      ['details'],
    ],
    [
      'partly refunded, unsettled answer: no void',
      tx({ id: 1, refundVoidType: 'REFUNDED' }),
      false,
      ['details', 'move'],
    ],
    [
      'past the window: Refund says it is unavailable',
      tx({ id: 1, canRefund: false, cantRefund: true }),
      true,
      ['details', 'refund', 'move'],
    ],
    ['a plan payment never moves', tx({ id: 1, source: 'PAYMENTPLAN' }), true, ['details', 'refund']],
    ['declined: its details only', tx({ id: 1, status: 'DECLINED', canRefund: false }), true, ['details']],
    [
      'unassociated terminal payment',
      tx({ id: 1, source: 'TERMINAL', customerId: null }),
      true,
      ['details', 'refund', 'associate', 'remove'],
    ],
    [
      'removed',
      tx({ id: 1, source: 'TERMINAL', customerId: null, removed: '2026-11-01T00:00:00Z', canRefund: false }),
      true,
      ['details'],
    ],
  ])('%s', (_what, t, settled, expected) => expect(menuActions(t, all, settled)).toEqual(expected));

  it('offers Allocate on a patient’s approved payment not yet fully allocated', () => {
    const t = tx({ id: 1, customerId: 11, customerKey: 1001 });
    expect(menuActions(t, all, true, true)).toEqual(['details', 'refund', 'move', 'allocate']);
    expect(menuActions({ ...t, refundVoidType: 'VOIDED', canRefund: false }, all, true, true)).toEqual([
      'details',
    ]);
    expect(menuActions({ ...t, status: 'DECLINED' }, all, true, true)).not.toContain('allocate');
    expect(menuActions(t, { ...all, canAllocate: false }, true, true)).not.toContain('allocate');
  });

  it('gives a viewer the details (spec: every user who sees a transaction may view its details)', () => {
    expect(menuActions(tx({ id: 1 }), NO_PERMISSIONS, true)).toEqual(['details']);
    expect(menuActions(tx({ id: 1 }), NO_PERMISSIONS, false)).toEqual(['details']);
  });

  it('asks whether a card payment settled only of someone who may refund or void it', () => {
    expect(asksSettlementFor(tx({ id: 1 }), NO_PERMISSIONS)).toBe(false);
    expect(asksSettlementFor(tx({ id: 1 }), { ...NO_PERMISSIONS, canRefund: true })).toBe(true);
    expect(asksSettlementFor(tx({ id: 1, fundingSource: 'CASH' }), all)).toBe(false);
  });
});
