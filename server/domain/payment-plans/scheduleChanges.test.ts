import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendCycle,
  applyCredit,
  applyDebit,
  applyPayment,
  balanceDueOf,
  currentCycleOf,
  cycleCountOf,
  dueRows,
  editBounds,
  moveDeclinedToEnd,
  moveDetail,
  nextScheduledPayment,
  paidRowsTotal,
  pastDueOf,
  progressPercent,
  removeDeclined,
  revertPayment,
  rowActions,
  rowDescription,
  ScheduleRuleError,
  scheduledTotal,
  skipEmptyRows,
  sortRows,
  updateDetail,
  type Disposition,
  type ScheduleRow,
  type SkipAction,
} from './scheduleChanges.js';
import { addDays } from '../calendarDates.js';
import { generateSchedule, type Frequency } from './generateSchedule.js';

const TODAY = '2025-03-10';
const terms = { frequency: 'MONTHLY' as Frequency, today: TODAY };

type State = 'open' | Disposition;

/** [id, cycle, billingDate, amountDue, state, referenceId?] */
type Spec = [number, number, string, number, State?, string?];

function rows(...specs: Spec[]): ScheduleRow[] {
  return specs.map(([id, cycle, billingDate, amountDue, state = 'open', referenceId = null]) => ({
    id,
    cycle,
    isDownPayment: cycle === 0,
    billingDate,
    amountDue,
    processedToLedger: state !== 'open',
    disposition: state === 'open' ? null : state,
    referenceId: state === 'open' ? null : referenceId,
  }));
}

/** The rows as [id, cycle, date, amount, state] for compact comparisons. */
function shape(list: ScheduleRow[]) {
  return sortRows(list).map((r) => [
    r.id,
    r.cycle,
    r.billingDate,
    r.amountDue,
    r.processedToLedger ? r.disposition : 'open',
  ]);
}

// A 5-cycle monthly plan with a paid down payment and cycle 1, from the 15th.
const plan = () =>
  rows(
    [1, 0, '2025-02-01', 10000, 'APPROVED', 'DOWN'],
    [2, 1, '2025-02-15', 20000, 'APPROVED', 'C1'],
    [3, 2, '2025-03-15', 20000],
    [4, 3, '2025-04-15', 20000],
    [5, 4, '2025-05-15', 20000],
    [6, 5, '2025-06-15', 20000],
  );
const TOTAL = 110000;

describe('reading a schedule', () => {
  it('finds the next scheduled payment: the first unprocessed row with something due', () => {
    expect(nextScheduledPayment(plan())?.id).toBe(3);
    const skipped = rows([1, 1, '2025-03-15', 0], [2, 2, '2025-04-15', 500], [3, 3, '2025-05-15', 500]);
    expect(nextScheduledPayment(skipped)?.id).toBe(2);
    expect(nextScheduledPayment(rows([1, 1, '2025-03-01', 500, 'APPROVED']))).toBeNull();
  });

  it.each([
    ['nothing processed', rows([1, 1, '2025-03-15', 1], [2, 2, '2025-04-15', 1]), 0, 2],
    [
      'the down payment does not count',
      rows([1, 0, '2025-03-01', 1, 'APPROVED'], [2, 1, '2025-03-15', 1]),
      0,
      1,
    ],
    ['a declined cycle is done', rows([1, 1, '2025-03-01', 1, 'DECLINED'], [2, 2, '2025-04-01', 1]), 1, 2],
    [
      'a cycle paid in part is not done',
      rows([1, 1, '2025-03-01', 1, 'APPROVED'], [2, 1, '2025-03-01', 1], [3, 2, '2025-04-01', 1]),
      0,
      2,
    ],
    ['a skipped cycle is done', rows([1, 1, '2025-03-01', 0, 'SKIPPED'], [2, 2, '2025-04-01', 2]), 1, 2],
  ])('counts cycles: %s', (_what, list, current, count) => {
    expect(currentCycleOf(list)).toBe(current);
    expect(cycleCountOf(list)).toBe(count);
  });

  it.each([
    [0, 5, 0],
    [2, 5, 40],
    [5, 5, 100],
    [7, 5, 100],
    [-1, 5, 0],
    [1, 0, 0],
    [1, 3, 33],
  ])('keeps Cycle %i of %i at %i %%', (current, count, percent) => {
    expect(progressPercent(current, count)).toBe(percent);
  });

  it('sums the balance, the past due and what was paid', () => {
    const list = rows(
      [1, 1, '2025-01-15', 100, 'APPROVED'],
      [2, 2, '2025-02-15', 200, 'DECLINED'],
      [3, 3, '2025-03-15', 300],
      [4, 4, '2025-04-15', 0, 'SKIPPED'],
    );
    expect(pastDueOf(list)).toBe(200);
    expect(balanceDueOf(list)).toBe(500);
    expect(paidRowsTotal(list)).toBe(100);
    expect(scheduledTotal(list)).toBe(600);
  });

  it('bills the rows due by today, oldest first, with something due', () => {
    const list = rows(
      [1, 1, '2025-03-10', 100],
      [2, 0, '2025-03-01', 50],
      [3, 2, '2025-03-11', 100],
      [4, 3, '2025-03-05', 0],
    );
    expect(dueRows(list, TODAY).map((r) => r.id)).toEqual([2, 1]);
  });

  it('labels rows as the ledger does', () => {
    expect(rowDescription({ cycle: 0, isDownPayment: true }, 5)).toBe('Down Payment');
    expect(rowDescription({ cycle: 3, isDownPayment: false }, 5)).toBe('Cycle 3 of 5');
  });
});

describe('the schedule table menu', () => {
  it.each([
    ['a processed row has none', 2, false, { edit: false, processNow: false, skip: false }],
    ['the next scheduled payment of a card plan', 3, false, { edit: true, processNow: true, skip: true }],
    [
      'the same row of a cash plan cannot be processed now',
      3,
      true,
      { edit: true, processNow: false, skip: true },
    ],
    ['a later row', 4, false, { edit: true, processNow: false, skip: true }],
    ['the last row cannot be skipped', 6, false, { edit: true, processNow: false, skip: false }],
  ])('%s', (_what, id, isCash, actions) => {
    const list = plan();
    expect(
      rowActions(
        list,
        list.find((r) => r.id === id)!,
        isCash,
      ),
    ).toEqual(actions);
  });

  it('offers no skip and no processing on a row with nothing due', () => {
    const list = rows([1, 1, '2025-03-15', 0], [2, 2, '2025-04-15', 500]);
    expect(rowActions(list, list[0]!, false)).toEqual({ edit: true, processNow: false, skip: false });
    expect(rowActions(list, list[1]!, false).processNow).toBe(true);
  });
});

describe('date bounds', () => {
  const list = plan();
  const at = (id: number) => list.find((r) => r.id === id)!;

  it.each([
    [
      'the first unprocessed row: from tomorrow to the next row',
      3,
      {},
      { min: '2025-03-11', max: '2025-04-15' },
    ],
    ['a middle row: between its neighbours', 4, {}, { min: '2025-03-15', max: '2025-05-15' }],
    ['the last row: no maximum', 6, {}, { min: '2025-05-15', max: null }],
    [
      'moving the remaining cycles along: no maximum',
      4,
      { updateRemaining: true },
      { min: '2025-03-15', max: null },
    ],
  ])('%s', (_what, id, opts, bounds) => {
    expect(editBounds(list, at(id), TODAY, opts)).toEqual(bounds);
  });

  it('never goes before tomorrow, even when the previous row is due today', () => {
    const lagging = rows([1, 1, '2025-03-09', 100], [2, 2, '2025-03-10', 100], [3, 3, '2025-04-10', 100]);
    expect(editBounds(lagging, lagging[1]!, TODAY)).toEqual({ min: '2025-03-11', max: '2025-04-10' });
  });
});

describe('updateDetail', () => {
  it.each([
    {
      name: 'a lower amount: the difference goes to the last cycle',
      edit: { id: 3, billingDate: '2025-03-15', amountDue: 15000, updateRemaining: false },
      amounts: [15000, 20000, 20000, 25000],
    },
    {
      name: 'a higher amount: the last cycle gives the difference',
      edit: { id: 4, billingDate: '2025-04-15', amountDue: 30000, updateRemaining: false },
      amounts: [20000, 30000, 20000, 10000],
    },
    {
      name: 'update the remaining cycles: the later cycles share it, the remainder on the last',
      edit: { id: 3, billingDate: '2025-03-15', amountDue: 10000, updateRemaining: true },
      amounts: [10000, 23333, 23333, 23334],
    },
    {
      name: 'zero is allowed',
      edit: { id: 5, billingDate: '2025-05-15', amountDue: 0, updateRemaining: false },
      amounts: [20000, 20000, 0, 40000],
    },
  ])('$name', ({ edit, amounts }) => {
    const after = updateDetail(plan(), edit, terms);
    expect(after.filter((r) => !r.processedToLedger).map((r) => r.amountDue)).toEqual(amounts);
    expect(scheduledTotal(after)).toBe(TOTAL);
  });

  it('moves one date within its bounds', () => {
    const after = updateDetail(
      plan(),
      { id: 4, billingDate: '2025-04-20', amountDue: 20000, updateRemaining: false },
      terms,
    );
    expect(shape(after).map((r) => r[2])).toEqual([
      '2025-02-01',
      '2025-02-15',
      '2025-03-15',
      '2025-04-20',
      '2025-05-15',
      '2025-06-15',
    ]);
  });

  it('moves the remaining cycles along at the plan frequency (month ends clamp)', () => {
    const after = updateDetail(
      plan(),
      { id: 3, billingDate: '2025-03-31', amountDue: 20000, updateRemaining: true },
      terms,
    );
    expect(
      shape(after)
        .slice(2)
        .map((r) => r[2]),
    ).toEqual(['2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30']);
  });

  it.each([
    [
      { id: 3, billingDate: '2025-03-10', amountDue: 20000, updateRemaining: false },
      'The date must be from 03/11/2025 to 04/15/2025.',
    ],
    [
      { id: 4, billingDate: '2025-05-16', amountDue: 20000, updateRemaining: false },
      'The date must be from 03/15/2025 to 05/15/2025.',
    ],
    [
      { id: 2, billingDate: '2025-02-15', amountDue: 1, updateRemaining: false },
      'This payment has already been processed',
    ],
    [{ id: 99, billingDate: '2025-02-15', amountDue: 1, updateRemaining: false }, 'There is no such row'],
    [
      { id: 4, billingDate: '2025-04-15', amountDue: 40001, updateRemaining: false },
      'The amount can be at most $400.00; update the remaining cycles',
    ],
    [
      { id: 3, billingDate: '2025-03-15', amountDue: 80001, updateRemaining: true },
      'The amount can be at most $800.00.',
    ],
    [{ id: 3, billingDate: '2025-03-15', amountDue: -1, updateRemaining: false }, 'whole cents, 0 or more'],
  ])('refuses %o', (edit, message) => {
    const before = plan();
    expect(() => updateDetail(before, edit, terms)).toThrow(message);
    expect(before).toEqual(plan());
  });

  it('lowering the last cycle makes a new cycle with the difference', () => {
    const after = updateDetail(
      plan(),
      { id: 6, billingDate: '2025-06-15', amountDue: 5000, updateRemaining: false },
      terms,
    );
    expect(shape(after).slice(-2)).toEqual([
      [6, 5, '2025-06-15', 5000, 'open'],
      [null, 6, '2025-07-15', 15000, 'open'],
    ]);
    expect(cycleCountOf(after)).toBe(6);
  });

  it('raising the last cycle takes from the earlier open cycles, nearest first', () => {
    const after = updateDetail(
      plan(),
      { id: 6, billingDate: '2025-06-15', amountDue: 50000, updateRemaining: false },
      terms,
    );
    expect(after.filter((r) => !r.processedToLedger).map((r) => r.amountDue)).toEqual([
      20000, 10000, 0, 50000,
    ]);
    expect(() =>
      updateDetail(
        plan(),
        { id: 6, billingDate: '2025-06-15', amountDue: 80001, updateRemaining: false },
        terms,
      ),
    ).toThrow('The amount can be at most $800.00.');
  });
});

describe('moveDetail (the skip actions)', () => {
  it.each<[SkipAction, (string | number | null)[][]]>([
    [
      'NEXT',
      [
        [3, 2, '2025-03-15', 0, 'open'],
        [4, 3, '2025-04-15', 40000, 'open'],
        [5, 4, '2025-05-15', 20000, 'open'],
        [6, 5, '2025-06-15', 20000, 'open'],
      ],
    ],
    [
      'LAST',
      [
        [3, 2, '2025-03-15', 0, 'open'],
        [4, 3, '2025-04-15', 20000, 'open'],
        [5, 4, '2025-05-15', 20000, 'open'],
        [6, 5, '2025-06-15', 40000, 'open'],
      ],
    ],
    [
      'MOVEEND',
      [
        [3, 2, '2025-03-15', 0, 'open'],
        [4, 3, '2025-04-15', 20000, 'open'],
        [5, 4, '2025-05-15', 20000, 'open'],
        [6, 5, '2025-06-15', 20000, 'open'],
        [null, 6, '2025-07-15', 20000, 'open'],
      ],
    ],
  ])('%s', (action, expected) => {
    const after = moveDetail(plan(), 3, action, terms);
    expect(shape(after).slice(2)).toEqual(expected);
    expect(scheduledTotal(after)).toBe(TOTAL);
  });

  it.each([
    [6, 'NEXT', 'The last cycle cannot be skipped.'],
    [2, 'LAST', 'This payment has already been processed'],
  ] as const)('refuses row %i %s', (id, action, message) => {
    expect(() => moveDetail(plan(), id, action, terms)).toThrow(message);
  });

  it('refuses a row with nothing due', () => {
    const skipped = moveDetail(plan(), 3, 'NEXT', terms);
    expect(() => moveDetail(skipped, 3, 'LAST', terms)).toThrow(
      'A cycle with nothing due cannot be skipped.',
    );
  });
});

describe('payments', () => {
  const pastDue = () =>
    rows(
      [1, 1, '2025-01-15', 10000, 'DECLINED', 'D1'],
      [2, 2, '2025-02-15', 10000, 'DECLINED', 'D2'],
      [3, 3, '2025-03-15', 10000],
      [4, 4, '2025-04-15', 10000],
    );

  it('pay the past due first, oldest first, then the coming cycles; a part splits a row', () => {
    const after = applyPayment(pastDue(), 25000, 'PAY');
    expect(shape(after)).toEqual([
      [1, 1, '2025-01-15', 10000, 'APPROVED'],
      [2, 2, '2025-02-15', 10000, 'APPROVED'],
      [null, 3, '2025-03-15', 5000, 'APPROVED'],
      [3, 3, '2025-03-15', 5000, 'open'],
      [4, 4, '2025-04-15', 10000, 'open'],
    ]);
    expect(after.filter((r) => r.disposition === 'APPROVED').every((r) => r.referenceId === 'PAY')).toBe(
      true,
    );
    expect(scheduledTotal(after)).toBe(40000);
    expect(pastDueOf(after)).toBe(0);
    expect(currentCycleOf(after)).toBe(2);
  });

  it('a part of a declined row leaves the rest past due', () => {
    const after = applyPayment(pastDue(), 4000, 'PAY');
    expect(pastDueOf(after)).toBe(16000);
    expect(balanceDueOf(after)).toBe(36000);
  });

  it.each([
    [40001, 'The payment cannot be more than the balance of $400.00.'],
    [0, 'The payment must be whole cents above 0.'],
  ])('refuses %i', (amount, message) => {
    expect(() => applyPayment(pastDue(), amount, 'PAY')).toThrow(message);
  });

  it('a payment given back is owed again: past due once its day came, scheduled before', () => {
    const paid = applyPayment(pastDue(), 40000, 'PAY');
    expect(balanceDueOf(paid)).toBe(0);
    const back = revertPayment(paid, (r) => r.referenceId === 'PAY', TODAY);
    expect(shape(back)).toEqual([
      [1, 1, '2025-01-15', 10000, 'DECLINED'],
      [2, 2, '2025-02-15', 10000, 'DECLINED'],
      [3, 3, '2025-03-15', 10000, 'open'],
      [4, 4, '2025-04-15', 10000, 'open'],
    ]);
    // Only that payment's rows.
    const other = revertPayment(paid, (r) => r.referenceId === 'OTHER', TODAY);
    expect(shape(other)).toEqual(shape(paid));
  });
});

describe('adjustments and declined items', () => {
  it('a CREDIT shrinks the coming cycles from the last one back, then the past due', () => {
    const list = rows(
      [1, 1, '2025-02-15', 10000, 'DECLINED'],
      [2, 2, '2025-03-15', 10000],
      [3, 3, '2025-04-15', 10000],
    );
    expect(applyCredit(list, 15000).map((r) => r.amountDue)).toEqual([10000, 5000, 0]);
    const all = applyCredit(list, 25000);
    expect(shape(all)).toEqual([
      [1, 1, '2025-02-15', 5000, 'DECLINED'],
      [2, 2, '2025-03-15', 0, 'open'],
      [3, 3, '2025-04-15', 0, 'open'],
    ]);
    expect(shape(applyCredit(list, 30000))[0]).toEqual([1, 1, '2025-02-15', 0, 'SKIPPED']);
    expect(() => applyCredit(list, 30001)).toThrow(
      'The adjustment cannot be more than the balance of $300.00.',
    );
  });

  it('a DEBIT adds to the last open cycle, or makes a new one', () => {
    expect(applyDebit(plan(), 500, terms).at(-1)!.amountDue).toBe(20500);
    const done = rows([1, 1, '2025-01-15', 100, 'APPROVED'], [2, 2, '2025-02-15', 100, 'APPROVED']);
    expect(shape(applyDebit(done, 500, terms)).at(-1)).toEqual([null, 3, '2025-03-15', 500, 'open']);
    // One period after the last date would be in the past: tomorrow instead.
    const long = rows([1, 1, '2024-12-15', 100, 'APPROVED']);
    expect(shape(applyDebit(long, 500, terms)).at(-1)).toEqual([null, 2, '2025-03-11', 500, 'open']);
  });

  it('a new cycle follows the last date by one period', () => {
    expect(shape(appendCycle(plan(), 7, { frequency: 'BIWEEKLY', today: TODAY })).at(-1)).toEqual([
      null,
      6,
      '2025-06-29',
      7,
      'open',
    ]);
  });

  it('Remove and Create New Cycle: the declined amount leaves the past due for a new last cycle', () => {
    const list = rows([1, 1, '2025-02-15', 10000, 'DECLINED'], [2, 2, '2025-03-15', 10000]);
    const after = moveDeclinedToEnd(list, 1, terms);
    expect(shape(after)).toEqual([
      [1, 1, '2025-02-15', 0, 'SKIPPED'],
      [2, 2, '2025-03-15', 10000, 'open'],
      [null, 3, '2025-04-15', 10000, 'open'],
    ]);
    expect(pastDueOf(after)).toBe(0);
    expect(() => moveDeclinedToEnd(after, 1, terms)).toThrow('This payment is no longer past due.');
  });

  it('Remove Ledger Item: the declined amount becomes a credit', () => {
    const list = rows([1, 1, '2025-02-15', 10000, 'DECLINED'], [2, 2, '2025-03-15', 10000]);
    const { rows: after, credit } = removeDeclined(list, 1);
    expect(credit).toBe(10000);
    expect(scheduledTotal(after) + credit).toBe(20000);
    expect(() => removeDeclined(list, 2)).toThrow('This payment is no longer past due.');
  });

  it('skips rows with nothing due on their day, and all of them once nothing is owed', () => {
    const list = rows([1, 1, '2025-03-10', 0], [2, 2, '2025-04-10', 0], [3, 3, '2025-05-10', 100]);
    expect(shape(skipEmptyRows(list, TODAY)).map((r) => r[4])).toEqual(['SKIPPED', 'open', 'open']);
    const paid = applyPayment(list, 100, 'PAY');
    expect(shape(skipEmptyRows(paid, TODAY)).map((r) => r[4])).toEqual(['SKIPPED', 'SKIPPED', 'APPROVED']);
  });
});

// ── Properties: whatever staff and money do, the plan total holds ─────────────────────────────

type Op =
  | { kind: 'edit'; pick: number; days: number; amount: number; updateRemaining: boolean }
  | { kind: 'skip'; pick: number; action: SkipAction }
  | { kind: 'bill'; approve: boolean }
  | { kind: 'pay'; share: number }
  | { kind: 'credit'; share: number }
  | { kind: 'debit'; amount: number }
  | { kind: 'moveEnd'; pick: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'giveBack'; pick: number }
  | { kind: 'day'; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    days: fc.oneof(fc.constant(0), fc.integer({ min: -40, max: 40 })),
    amount: fc.integer({ min: 0, max: 300_000 }),
    updateRemaining: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('skip' as const),
    pick: fc.nat(),
    action: fc.constantFrom<SkipAction>('NEXT', 'LAST', 'MOVEEND'),
  }),
  fc.record({ kind: fc.constant('bill' as const), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('pay' as const), share: fc.double({ min: 0, max: 1.2, noNaN: true }) }),
  fc.record({ kind: fc.constant('credit' as const), share: fc.double({ min: 0, max: 1.2, noNaN: true }) }),
  fc.record({ kind: fc.constant('debit' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('moveEnd' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('giveBack' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('day' as const), days: fc.integer({ min: 1, max: 45 }) }),
);

interface Model {
  rows: ScheduleRow[];
  /** CREDIT minus DEBIT adjustments. */
  adjustments: number;
  today: string;
  payments: string[];
  nextId: number;
}

function pickFrom<T>(list: T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

/** Applies one operation as the server does; a refusal leaves the model as it was. */
function step(m: Model, o: Op, frequency: Frequency): Model {
  const t = { frequency, today: m.today };
  const open = sortRows(m.rows).filter((r) => !r.processedToLedger);
  const declined = m.rows.filter((r) => r.processedToLedger && r.disposition === 'DECLINED');
  const saved = (rows: ScheduleRow[]) => {
    let id = m.nextId;
    const withIds = rows.map((r) => (r.id === null ? { ...r, id: id++ } : r));
    return { rows: skipEmptyRows(withIds, m.today), nextId: id };
  };
  switch (o.kind) {
    case 'edit': {
      const row = pickFrom(open, o.pick);
      if (!row) return m;
      const edit = {
        id: row.id!,
        billingDate: addDays(row.billingDate, o.days),
        amountDue: o.amount,
        updateRemaining: o.updateRemaining,
      };
      return { ...m, ...saved(updateDetail(m.rows, edit, t)) };
    }
    case 'skip': {
      const row = pickFrom(open, o.pick);
      return row ? { ...m, ...saved(moveDetail(m.rows, row.id!, o.action, t)) } : m;
    }
    case 'bill': {
      const due = dueRows(m.rows, m.today)[0];
      if (!due) return m;
      const ref = `R${m.nextId}`;
      const rows = m.rows.map((r) =>
        r.id === due.id
          ? {
              ...r,
              processedToLedger: true,
              disposition: o.approve ? ('APPROVED' as const) : ('DECLINED' as const),
              referenceId: ref,
            }
          : r,
      );
      return {
        ...m,
        ...saved(rows),
        nextId: m.nextId + 1,
        payments: o.approve ? [...m.payments, ref] : m.payments,
      };
    }
    case 'pay': {
      const amount = Math.round(balanceDueOf(m.rows) * o.share);
      const ref = `P${m.nextId}`;
      const rows = applyPayment(m.rows, amount, ref);
      const next = saved(rows);
      return { ...m, rows: next.rows, nextId: next.nextId + 1, payments: [...m.payments, ref] };
    }
    case 'credit': {
      const amount = Math.round(balanceDueOf(m.rows) * o.share);
      return { ...m, ...saved(applyCredit(m.rows, amount)), adjustments: m.adjustments + amount };
    }
    case 'debit':
      return { ...m, ...saved(applyDebit(m.rows, o.amount, t)), adjustments: m.adjustments - o.amount };
    case 'moveEnd': {
      const row = pickFrom(declined, o.pick);
      return row ? { ...m, ...saved(moveDeclinedToEnd(m.rows, row.id!, t)) } : m;
    }
    case 'remove': {
      const row = pickFrom(declined, o.pick);
      if (!row) return m;
      const { rows, credit } = removeDeclined(m.rows, row.id!);
      return { ...m, ...saved(rows), adjustments: m.adjustments + credit };
    }
    case 'giveBack': {
      const ref = pickFrom(m.payments, o.pick);
      if (!ref) return m;
      const rows = revertPayment(m.rows, (r) => r.referenceId === ref, m.today);
      return { ...m, ...saved(rows), payments: m.payments.filter((p) => p !== ref) };
    }
    case 'day':
      return { ...m, today: addDays(m.today, o.days) };
  }
}

describe('properties', () => {
  it('keeps rows + adjustments equal to the plan total, with no negative amounts, whatever happens', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom<Frequency>('MONTHLY', 'BIWEEKLY', 'WEEKLY'),
        fc.array(op, { maxLength: 40 }),
        (total, downPercent, cycles, frequency, ops) => {
          const downPayment = Math.floor((total * downPercent) / 100);
          fc.pre(downPayment < total && total - downPayment >= cycles);
          const schedule = generateSchedule({
            total,
            downPayment,
            cycles,
            frequency,
            firstBillingDate: '2025-03-20',
            createdDate: TODAY,
          });
          let m: Model = {
            rows: schedule.map((r, i) => ({
              ...r,
              id: i + 1,
              processedToLedger: false,
              disposition: null,
              referenceId: null,
            })),
            adjustments: 0,
            today: TODAY,
            payments: [],
            nextId: schedule.length + 1,
          };
          for (const o of ops) {
            const before = structuredClone(m.rows);
            try {
              m = step(m, o, frequency);
            } catch (error) {
              expect(error).toBeInstanceOf(ScheduleRuleError);
              // A refusal changes nothing.
              expect(m.rows).toEqual(before);
            }
            expect(scheduledTotal(m.rows) + m.adjustments).toBe(total);
            for (const r of m.rows) {
              expect(Number.isSafeInteger(r.amountDue)).toBe(true);
              expect(r.amountDue).toBeGreaterThanOrEqual(0);
            }
            expect(balanceDueOf(m.rows)).toBeGreaterThanOrEqual(pastDueOf(m.rows));
            expect(balanceDueOf(m.rows) + paidRowsTotal(m.rows)).toBe(
              scheduledTotal(m.rows) - skippedTotal(m.rows),
            );
            expect(currentCycleOf(m.rows)).toBeLessThanOrEqual(cycleCountOf(m.rows));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an edit never moves a row outside its bounds, and keeps the schedule in date order', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const schedule = generateSchedule({
          total: 120_000,
          downPayment: 0,
          cycles: 6,
          frequency: 'MONTHLY',
          firstBillingDate: '2025-03-20',
        });
        let m: Model = {
          rows: schedule.map((r, i) => ({
            ...r,
            id: i + 1,
            processedToLedger: false,
            disposition: null,
            referenceId: null,
          })),
          adjustments: 0,
          today: TODAY,
          payments: [],
          nextId: 100,
        };
        for (const o of ops) {
          try {
            m = step(m, o, 'MONTHLY');
          } catch {
            // refused: nothing changed (checked above)
          }
          const open = sortRows(m.rows).filter((r) => !r.processedToLedger);
          for (let i = 1; i < open.length; i++) {
            expect(open[i]!.billingDate >= open[i - 1]!.billingDate).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

function skippedTotal(list: ScheduleRow[]) {
  return list
    .filter((r) => r.processedToLedger && r.disposition === 'SKIPPED')
    .reduce((t, r) => t + r.amountDue, 0);
}
