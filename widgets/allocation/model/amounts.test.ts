import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToMoneyInput } from '../../../embed-sdk/validation/money.js';
import type { AllocatableLine, AllocationAction } from './actions.js';
import { allocateInOrder, parseAllocationAmount } from './amounts.js';
import { allocationReducer } from './reducer.js';
import { allocationTotal } from './selectors.js';
import { initialAllocationState, type AllocationState } from './state.js';

describe('parseAllocationAmount', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', 0],
    ['12', 1_200],
    ['12.5', 1_250],
    ['1,234.56', 123_456],
    ['$40', 4_000],
    // Section 5: rounded to 2 decimals, half up, by digits.
    ['12.345', 1_235],
    ['12.344', 1_234],
    ['0.005', 1],
    ['0.004', 0],
    ['9.999', 1_000],
    ['1,234.567', 123_457],
  ])('%j is %o cents', (text, cents) => {
    expect(parseAllocationAmount(text, 'Amount')).toEqual({ ok: true, cents });
  });

  it.each(['abc', '-5', '12,34', '1.2.3', '01', '12.', '.5', '1,2345'])('%j is not money', (text) => {
    expect(parseAllocationAmount(text, 'Amount to Allocate')).toEqual({
      ok: false,
      message: 'The Amount to Allocate is not a currency value.',
    });
  });

  it('reads back any amount the field shows, and rounds any third decimal half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 9 }), (cents, third) => {
        const shown = centsToMoneyInput(cents);
        expect(parseAllocationAmount(shown, 'Amount')).toEqual({ ok: true, cents });
        expect(parseAllocationAmount(`${shown}${third}`, 'Amount')).toEqual({
          ok: true,
          cents: cents + (third >= 5 ? 1 : 0),
        });
      }),
    );
  });
});

// Lines of any dues (a few cents too, and nothing due) over a few days, so that many share a day,
// given in any order; an amount from a cent to more than everything due.
const DAYS = ['2024-12-31', '2025-01-01', '2025-06-15', '2026-02-28', '2026-03-01', '2026-11-26'];
const linesArb = fc
  .array(
    fc.record({
      date: fc.constantFrom(...DAYS),
      estDue: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 500_000 })),
    }),
    { maxLength: 40 },
  )
  .map((lines): AllocatableLine[] =>
    lines.map((line, i) => ({ ...line, procedureId: i + 1, procNum: 5_000 + ((i * 7919) % 1_000) })),
  )
  .chain((lines) => fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }));
const amountArb = fc.integer({ min: 1, max: 3_000_000 });

const play = (state: AllocationState, ...actions: AllocationAction[]) =>
  actions.reduce(allocationReducer, state);
const withAmount = (amount: number, lines: readonly AllocatableLine[]) =>
  play(
    initialAllocationState(),
    { type: 'applyAmountToggled', on: true },
    { type: 'amountChanged', amount, lines },
  );
const totalDue = (lines: readonly AllocatableLine[]) =>
  lines.reduce((sum, l) => sum + Math.max(l.estDue, 0), 0);
const allocated = (state: AllocationState, line: AllocatableLine) =>
  state.lines.get(line.procedureId)?.amountToPay ?? 0;

/** What every allocation keeps to: whole cents above 0, never above a line's due, never above the amount. */
function expectWithinDues(state: AllocationState, lines: readonly AllocatableLine[], amount: number) {
  for (const line of lines) {
    const cents = allocated(state, line);
    expect(Number.isInteger(cents)).toBe(true);
    expect(cents).toBeGreaterThanOrEqual(0);
    expect(cents).toBeLessThanOrEqual(Math.max(line.estDue, 0));
  }
  for (const line of state.lines.values()) expect(line.amountToPay).toBeGreaterThan(0);
  expect(allocationTotal(state.lines)).toBeLessThanOrEqual(amount);
}

describe.each(['FIFO', 'LIFO'] as const)('%s, for any lines and amount', (order) => {
  it('sums exactly to the amount, or to everything due when that is less, never above a line’s due', () => {
    fc.assert(
      fc.property(linesArb, amountArb, (lines, amount) => {
        const state = play(withAmount(amount, lines), { type: 'orderChosen', order, lines });
        expect(state.mode).toBe(order);
        expectWithinDues(state, lines, amount);
        expect(allocationTotal(state.lines)).toBe(Math.min(amount, totalDue(lines)));
      }),
    );
  });

  it(`takes the ${order === 'FIFO' ? 'oldest' : 'newest'} first: a line takes something only once every ${order === 'FIFO' ? 'older' : 'newer'} one is paid in full`, () => {
    fc.assert(
      fc.property(linesArb, amountArb, (lines, amount) => {
        const state = play(withAmount(amount, lines), { type: 'orderChosen', order, lines });
        // Older: an earlier day, or the same day and entered before (a lower ProcNum).
        const older = (a: AllocatableLine, b: AllocatableLine) =>
          a.date < b.date || (a.date === b.date && a.procNum < b.procNum);
        const first = (a: AllocatableLine, b: AllocatableLine) =>
          order === 'FIFO' ? older(a, b) : older(b, a);
        for (const later of lines) {
          if (allocated(state, later) === 0) continue;
          for (const earlier of lines) {
            if (first(earlier, later)) expect(allocated(state, earlier)).toBe(Math.max(earlier.estDue, 0));
          }
        }
        // In days: nothing on a day while a day before it (after it, for LIFO) still has something due.
        for (const a of lines) {
          for (const b of lines) {
            const aFirst = order === 'FIFO' ? a.date < b.date : a.date > b.date;
            if (aFirst && allocated(state, b) > 0) expect(allocated(state, a)).toBe(Math.max(a.estDue, 0));
          }
        }
      }),
    );
  });

  it('gives the same allocation again for a new amount as for that amount chosen afresh', () => {
    fc.assert(
      fc.property(linesArb, amountArb, amountArb, (lines, amount, newAmount) => {
        const changed = play(
          withAmount(amount, lines),
          { type: 'orderChosen', order, lines },
          { type: 'amountChanged', amount: newAmount, lines },
        );
        const fresh = play(withAmount(newAmount, lines), { type: 'orderChosen', order, lines });
        expect([...changed.lines]).toEqual([...fresh.lines]);
      }),
    );
  });
});

describe('Select, for any lines, amount and clicks', () => {
  it('ticking every line, in any order, sums exactly to the amount or to everything due, and finishes when it reaches the amount', () => {
    fc.assert(
      fc.property(linesArb, amountArb, (lines, amount) => {
        let state = play(withAmount(amount, lines), { type: 'orderChosen', order: 'SELECT', lines });
        for (const line of lines) state = allocationReducer(state, { type: 'lineToggled', line });
        expectWithinDues(state, lines, amount);
        const expected = Math.min(amount, totalDue(lines));
        expect(allocationTotal(state.lines)).toBe(expected);
        expect(state.mode).toBe(expected === amount ? 'SELECT_FINISHED' : 'SELECT');
      }),
    );
  });

  it('select-all does the same', () => {
    fc.assert(
      fc.property(linesArb, amountArb, (lines, amount) => {
        const state = play(
          withAmount(amount, lines),
          { type: 'orderChosen', order: 'SELECT', lines },
          { type: 'allToggled', lines },
        );
        expectWithinDues(state, lines, amount);
        expect(allocationTotal(state.lines)).toBe(Math.min(amount, totalDue(lines)));
      }),
    );
  });

  it('any clicks, ticks and unticks and amount changes, keep within the amount and the dues, SELECT_FINISHED exactly when the total reaches the amount', () => {
    const click = fc.oneof(
      fc.record({ kind: fc.constant('tick' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('all' as const) }),
      fc.record({ kind: fc.constant('amount' as const), amount: amountArb }),
    );
    fc.assert(
      fc.property(linesArb, amountArb, fc.array(click, { maxLength: 60 }), (lines, amount, clicks) => {
        let state = play(withAmount(amount, lines), { type: 'orderChosen', order: 'SELECT', lines });
        for (const c of clicks) {
          const line = lines[c.kind === 'tick' ? c.at % Math.max(lines.length, 1) : 0];
          if (c.kind === 'tick' && line) state = allocationReducer(state, { type: 'lineToggled', line });
          if (c.kind === 'all') state = allocationReducer(state, { type: 'allToggled', lines });
          if (c.kind === 'amount')
            state = allocationReducer(state, { type: 'amountChanged', amount: c.amount, lines });
          expectWithinDues(state, lines, state.amount!);
          const total = allocationTotal(state.lines);
          expect(state.mode).toBe(total >= state.amount! ? 'SELECT_FINISHED' : 'SELECT');
        }
      }),
    );
  });
});

describe('allocateInOrder', () => {
  it('pays the lines in the order given, skipping those with nothing due', () => {
    expect(
      allocateInOrder(
        [
          { procedureId: 1, estDue: 0 },
          { procedureId: 2, estDue: 300 },
          { procedureId: 3, estDue: 500 },
          { procedureId: 4, estDue: 100 },
        ],
        600,
      ),
    ).toEqual([
      [2, 300],
      [3, 300],
    ]);
  });

  it('gives nothing for no amount', () => {
    expect(allocateInOrder([{ procedureId: 1, estDue: 300 }], 0)).toEqual([]);
  });
});
