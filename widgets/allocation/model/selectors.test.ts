import { describe, expect, it } from 'vitest';
import type { AllocationAction } from './actions.js';
import { allocationReducer } from './reducer.js';
import {
  allocationTotal,
  amountLeft,
  canEditLine,
  canToggleLine,
  checkboxMode,
  hasEnteredAmounts,
  hasOpenEdit,
  inlineEditAllowed,
  isTicked,
  pendingAmount,
  selectAllCheckbox,
} from './selectors.js';
import { initialAllocationState, isApplyingAmount, type AllocationState } from './state.js';
import { aProcedure } from './testing.js';

const A = aProcedure({ procedureId: 1, date: '2026-01-10', estDue: 5_000 });
const B = aProcedure({ procedureId: 2, date: '2026-02-10', estDue: 3_000 });
const PAID = aProcedure({ procedureId: 3, date: '2026-03-10', estDue: 0 });
const SHOWN = [A, B, PAID];

const play = (...actions: AllocationAction[]) => actions.reduce(allocationReducer, initialAllocationState());
const on: AllocationAction = { type: 'applyAmountToggled', on: true };
const amount: AllocationAction = { type: 'amountChanged', amount: 6_000, lines: SHOWN };
const order = (o: 'FIFO' | 'LIFO' | 'SELECT'): AllocationAction => ({
  type: 'orderChosen',
  order: o,
  lines: SHOWN,
});

const STATES: Record<string, AllocationState> = {
  NORMAL: play({ type: 'lineToggled', line: A }),
  NORMAL_EDITING: play({ type: 'lineToggled', line: A }, { type: 'editOpened', line: B }),
  WAITING_AMOUNT: play(on, amount),
  FIFO: play(on, amount, order('FIFO')),
  LIFO: play(on, amount, order('LIFO')),
  SELECT: play(on, amount, order('SELECT'), { type: 'lineToggled', line: A }),
  SELECT_FINISHED: play(
    on,
    amount,
    order('SELECT'),
    { type: 'lineToggled', line: A },
    { type: 'lineToggled', line: B },
  ),
};

describe('which controls work in which mode (section 5)', () => {
  // [state, A's checkbox (ticked but for FIFO/LIFO/WAITING), B's, PAID's, A's edit, B's edit, header]
  it.each([
    ['NORMAL', true, true, false, true, true, { checked: 'mixed', disabled: false }],
    // B is being edited: its checkbox and a second edit wait for the disk.
    ['NORMAL_EDITING', true, false, false, true, false, { checked: 'mixed', disabled: false }],
    ['WAITING_AMOUNT', false, false, false, false, false, { checked: false, disabled: true }],
    // The header stays clickable in FIFO and LIFO, to say why select-all is refused.
    ['FIFO', false, false, false, false, false, { checked: true, disabled: false }],
    ['LIFO', false, false, false, false, false, { checked: true, disabled: false }],
    ['SELECT', true, true, false, false, false, { checked: 'mixed', disabled: false }],
    ['SELECT_FINISHED', true, true, false, false, false, { checked: true, disabled: false }],
  ] as const)('%s', (name, toggleA, toggleB, togglePaid, editA, editB, header) => {
    const state = STATES[name]!;
    expect([canToggleLine(state, A), canToggleLine(state, B), canToggleLine(state, PAID)]).toEqual([
      toggleA,
      toggleB,
      togglePaid,
    ]);
    expect([canEditLine(state, A), canEditLine(state, B)]).toEqual([editA, editB]);
    expect(selectAllCheckbox(state, SHOWN)).toEqual(header);
  });

  it('in SELECT_FINISHED only the ticked lines’ checkboxes work', () => {
    const C = aProcedure({ procedureId: 4, date: '2026-03-01', estDue: 1_000 });
    expect(canToggleLine(STATES.SELECT_FINISHED!, C)).toBe(false);
    expect(canToggleLine(STATES.SELECT!, C)).toBe(true);
    expect(selectAllCheckbox(STATES.SELECT_FINISHED!, [C])).toEqual({ checked: false, disabled: true });
  });
});

describe('the mode’s part of the rules, switched once for a whole table', () => {
  it.each([
    ['NORMAL', 'open', true],
    ['WAITING_AMOUNT', 'off', false],
    ['FIFO', 'off', false],
    ['LIFO', 'off', false],
    ['SELECT', 'open', false],
    ['SELECT_FINISHED', 'selectFinished', false],
  ] as const)('%s: checkboxes %s, inline edit %s', (mode, checkboxes, edit) => {
    expect([checkboxMode(mode), inlineEditAllowed(mode)]).toEqual([checkboxes, edit]);
  });
});

describe('the footer and a line', () => {
  it('reads the total, what is left of the amount, and whether Apply Amount is on', () => {
    expect([
      allocationTotal(STATES.FIFO!.lines),
      amountLeft(STATES.FIFO!),
      isApplyingAmount(STATES.FIFO!),
    ]).toEqual([6_000, 0, true]);
    expect([allocationTotal(STATES.SELECT!.lines), amountLeft(STATES.SELECT!)]).toEqual([5_000, 1_000]);
    expect([
      allocationTotal(STATES.NORMAL!.lines),
      amountLeft(STATES.NORMAL!),
      isApplyingAmount(STATES.NORMAL!),
    ]).toEqual([5_000, null, false]);
  });

  it('reads a line’s tick and its open edit', () => {
    const state = STATES.NORMAL_EDITING!;
    expect([isTicked(state, 1), isTicked(state, 2)]).toEqual([true, false]);
    expect([pendingAmount(state, 1), pendingAmount(state, 2)]).toEqual([null, '']);
    expect([hasOpenEdit(state.lines), hasOpenEdit(STATES.NORMAL!.lines)]).toEqual([true, false]);
  });

  it('knows when amounts were entered, so that closing without saving asks first', () => {
    // Opened, or opened with the payment's amount waiting for an order: nothing entered yet.
    expect(hasEnteredAmounts(initialAllocationState())).toBe(false);
    expect(hasEnteredAmounts(initialAllocationState({ amount: 6_000 }))).toBe(false);
    expect(hasEnteredAmounts(STATES.WAITING_AMOUNT!)).toBe(false);
    // A line ticked, spread or being edited.
    for (const name of ['NORMAL', 'NORMAL_EDITING', 'FIFO', 'SELECT', 'SELECT_FINISHED'])
      expect([name, hasEnteredAmounts(STATES[name]!)]).toEqual([name, true]);
    expect(hasEnteredAmounts(play({ type: 'editOpened', line: B }))).toBe(true);
    // Unticked again: nothing left to lose.
    expect(hasEnteredAmounts(play({ type: 'lineToggled', line: A }, { type: 'lineToggled', line: A }))).toBe(
      false,
    );
  });
});
