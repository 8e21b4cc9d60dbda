/** The schedule's pure rules, table by table. */
import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS, permissionsOf } from './permissions.js';
import {
  dateBounds,
  dateSubtitle,
  editProblems,
  lastOpenRow,
  nextOpenRow,
  nextScheduled,
  outcomeOf,
  rowActions,
  rowName,
} from './schedule.js';
import { CARD_ROWS, plan, TODAY } from './testing/fixtures.js';

const EDITOR = { canEdit: true, canRefund: true, canVoid: false };

describe('labels', () => {
  it("names the down payment 'Down Payment' and the others by cycle", () => {
    expect(rowName({ cycle: 0, isDownPayment: true })).toBe('Down Payment');
    expect(rowName({ cycle: 3, isDownPayment: false })).toBe('Cycle 3');
  });

  it.each([
    [{ billingDate: '2026-02-10', processedToLedger: true }, 'Completed'],
    [{ billingDate: TODAY, processedToLedger: true }, 'Completed'],
    [{ billingDate: TODAY, processedToLedger: false }, 'Processing Today'],
    [{ billingDate: '2026-03-11', processedToLedger: false }, 'in a day'],
    [{ billingDate: '2026-03-17', processedToLedger: false }, 'in 7 days'],
    [{ billingDate: '2026-04-10', processedToLedger: false }, 'in a month'],
    [{ billingDate: '2026-06-10', processedToLedger: false }, 'in 3 months'],
    [{ billingDate: '2026-03-05', processedToLedger: false }, '5 days ago'],
  ])('subtitles %o as %s', (detail, subtitle) => {
    expect(dateSubtitle(detail, TODAY)).toBe(subtitle);
  });

  it('says what became of a processed row', () => {
    expect(outcomeOf({ processedToLedger: false, disposition: null })).toBeNull();
    expect(outcomeOf({ processedToLedger: true, disposition: 'APPROVED' })).toBe('paid');
    expect(outcomeOf({ processedToLedger: true, disposition: 'DECLINED' })).toBe('declined');
    expect(outcomeOf({ processedToLedger: true, disposition: 'SKIPPED' })).toBe('skipped');
  });
});

describe('rowActions', () => {
  const names = (p: ReturnType<typeof plan>, perms = EDITOR, opts = {}) =>
    p.paymentPlanDetails.map((d) => rowActions(p, d, perms, opts));

  it('offers Process Payment only on the first unprocessed row, no skips on the last row, nothing on processed rows', () => {
    expect(names(plan())).toEqual([
      [],
      ['edit', 'processNow', 'NEXT', 'LAST', 'MOVEEND'],
      ['edit', 'NEXT', 'LAST', 'MOVEEND'],
      ['edit', 'NEXT', 'LAST', 'MOVEEND'],
      ['edit'],
    ]);
  });

  it('offers no skip and no Process Payment on a row with nothing due', () => {
    const rows = CARD_ROWS.map((r) => (r.id === 101 ? { ...r, amountDue: 0 } : r));
    const actions = names(plan({ rows }));
    expect(actions[1]).toEqual(['edit']);
    // The next scheduled payment is then the second cycle.
    expect(actions[2]).toEqual(['edit', 'processNow', 'NEXT', 'LAST', 'MOVEEND']);
  });

  it('offers no Process Payment on a cash plan; Make a Payment there when the modal can open it', () => {
    const cash = plan({ isCash: true });
    expect(names(cash)[1]).toEqual(['edit', 'NEXT', 'LAST', 'MOVEEND']);
    expect(names(cash, EDITOR, { canMakePayment: true })[1]).toEqual([
      'edit',
      'makePayment',
      'NEXT',
      'LAST',
      'MOVEEND',
    ]);
    expect(names(cash, EDITOR, { canMakePayment: true })[2]).not.toContain('makePayment');
  });

  it('offers nothing without EDITPAYMENTPLANS, nor on a plan that is not active', () => {
    expect(names(plan(), NO_PERMISSIONS).flat()).toEqual([]);
    expect(names(plan(), { canEdit: false, canRefund: true, canVoid: true }).flat()).toEqual([]);
    expect(names(plan({ status: 'INACTIVE' })).flat()).toEqual([]);
  });
});

describe('the rows skips move money to', () => {
  const rows = plan().paymentPlanDetails;
  it('finds the next and the last unprocessed rows, and the next scheduled payment', () => {
    expect(nextOpenRow(rows, rows[1]!)?.id).toBe(102);
    expect(nextOpenRow(rows, rows[4]!)).toBeNull();
    expect(lastOpenRow(rows)?.id).toBe(104);
    expect(nextScheduled(rows)?.id).toBe(101);
  });
});

describe('editing a row', () => {
  const rows = plan().paymentPlanDetails;
  const third = rows[3]!; // cycle 3, 2026-05-10, between 04-10 and 06-10

  it('bounds the date by the previous and next lines, without a maximum when the remaining cycles move', () => {
    expect(dateBounds(rows[1]!, false)).toEqual({ min: '2026-03-11', max: '2026-04-10' });
    expect(dateBounds(third, false)).toEqual({ min: '2026-04-10', max: '2026-06-10' });
    expect(dateBounds(third, true)).toEqual({ min: '2026-04-10', max: null });
    expect(dateBounds(rows[4]!, false)).toEqual({ min: '2026-05-10', max: null });
  });

  it.each([
    [{ amount: '200.00' }, {}],
    [{ amount: '0' }, {}],
    [{ amount: '0.00' }, {}],
    [{ amount: '1,250.5' }, {}],
    [{ amount: '' }, { amount: 'The Amount is required.' }],
    [{ amount: 'abc' }, { amount: 'The Amount is not a currency value.' }],
    [{ amount: '12.345' }, { amount: 'The Amount is not a currency value.' }],
    [{ amount: '-5' }, { amount: 'The Amount is not a currency value.' }],
    [{ billingDate: '' }, { billingDate: 'Choose the billing date.' }],
    [{ billingDate: '2026-04-09' }, { billingDate: 'The date must be from 04/10/2026 to 06/10/2026.' }],
    [{ billingDate: '2026-06-11' }, { billingDate: 'The date must be from 04/10/2026 to 06/10/2026.' }],
    [{ billingDate: '2026-06-11', updateRemaining: true }, {}],
    [
      { billingDate: '2026-04-01', updateRemaining: true },
      { billingDate: 'The date must be on or after 04/10/2026.' },
    ],
    [{ billingDate: '2026-06-10' }, {}],
  ])('%o → %o', (change, problems) => {
    const edit = { billingDate: third.billingDate, amount: '225.00', updateRemaining: false, ...change };
    expect(editProblems(edit, third)).toEqual(problems);
  });

  it('does not check an unchanged date (a row processing today keeps its day)', () => {
    const today = rows[1]!;
    expect(editProblems({ billingDate: TODAY, amount: '10', updateRemaining: false }, today)).toEqual({});
  });
});

describe('permissionsOf', () => {
  const profile = (roles: string[], isAdmin = false) => ({
    isAdmin,
    practices: [{ id: 1, roles: roles as never }],
  });
  it('reads the roles of the current practice; an administrator may do everything', () => {
    expect(permissionsOf(profile(['EDITPAYMENTPLANS', 'PROCESSREFUND']), 1)).toEqual({
      canEdit: true,
      canRefund: true,
      canVoid: false,
    });
    expect(permissionsOf(profile(['PROCESSVOID']), 1)).toEqual({
      canEdit: false,
      canRefund: false,
      canVoid: true,
    });
    expect(permissionsOf(profile(['EDITPAYMENTPLANS']), 2)).toEqual(NO_PERMISSIONS);
    expect(permissionsOf(profile([], true), 2)).toEqual({ canEdit: true, canRefund: true, canVoid: true });
    expect(permissionsOf(null, 1)).toEqual(NO_PERMISSIONS);
    expect(permissionsOf(profile(['EDITPAYMENTPLANS']), undefined)).toEqual(NO_PERMISSIONS);
  });
});
