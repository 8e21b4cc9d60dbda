import { describe, expect, it } from 'vitest';
import { MODEL_TEXT } from '../texts.js';
import type { AllocationAction } from './actions.js';
import { allocationReducer } from './reducer.js';
import {
  filterSettingsOf,
  initialAllocationState,
  type AllocationMode,
  type AllocationState,
} from './state.js';
import { aProcedure } from './testing.js';

// Four lines: $50, $30 and $20 due, oldest first, and one paid in full.
const A = aProcedure({ procedureId: 1, procNum: 101, date: '2026-01-10', estDue: 5_000 });
const B = aProcedure({ procedureId: 2, procNum: 102, date: '2026-02-10', estDue: 3_000 });
const C = aProcedure({ procedureId: 3, procNum: 103, date: '2026-03-10', estDue: 2_000 });
const PAID = aProcedure({ procedureId: 4, procNum: 104, date: '2026-03-10', originalAmount: 900, estDue: 0 });
const SHOWN = [C, PAID, A, B];

const play = (state: AllocationState, ...actions: AllocationAction[]) =>
  actions.reduce(allocationReducer, state);

const on: AllocationAction = { type: 'applyAmountToggled', on: true };
const off: AllocationAction = { type: 'applyAmountToggled', on: false };
const amount = (cents: number | null): AllocationAction => ({
  type: 'amountChanged',
  amount: cents,
  lines: SHOWN,
});
const order = (o: 'FIFO' | 'LIFO' | 'SELECT'): AllocationAction => ({
  type: 'orderChosen',
  order: o,
  lines: SHOWN,
});
const tick = (line: typeof A): AllocationAction => ({ type: 'lineToggled', line });
const tickAll: AllocationAction = { type: 'allToggled', lines: SHOWN };
const openEdit = (line: typeof A): AllocationAction => ({ type: 'editOpened', line });
const type = (line: typeof A, text: string): AllocationAction => ({
  type: 'editChanged',
  procedureId: line.procedureId,
  text,
});
const saveEdit = (line: typeof A): AllocationAction => ({ type: 'editSaved', line });

const start = initialAllocationState();
/** Each mode, reached the way a person reaches it. */
const IN: Record<AllocationMode | 'NORMAL_TICKED' | 'WAITING_WITH_AMOUNT', AllocationState> = {
  NORMAL: start,
  NORMAL_TICKED: play(start, tick(A)),
  WAITING_AMOUNT: play(start, on),
  WAITING_WITH_AMOUNT: play(start, on, amount(6_000)),
  FIFO: play(start, on, amount(6_000), order('FIFO')),
  LIFO: play(start, on, amount(6_000), order('LIFO')),
  SELECT: play(start, on, amount(6_000), order('SELECT'), tick(A)),
  SELECT_FINISHED: play(start, on, amount(6_000), order('SELECT'), tick(A), tick(B)),
};

/** What a test compares: the mode, the amount, each line's Allocation in cents, the message. */
function seen(state: AllocationState) {
  return {
    mode: state.mode,
    amount: state.amount,
    lines: Object.fromEntries([...state.lines].map(([id, line]) => [id, line.amountToPay])),
    message: state.message,
  };
}

describe('the modes reached as a person reaches them', () => {
  it.each([
    ['NORMAL', { mode: 'NORMAL', amount: null, lines: {}, message: null }],
    ['NORMAL_TICKED', { mode: 'NORMAL', amount: null, lines: { 1: 5_000 }, message: null }],
    ['WAITING_AMOUNT', { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: null }],
    ['WAITING_WITH_AMOUNT', { mode: 'WAITING_AMOUNT', amount: 6_000, lines: {}, message: null }],
    // FIFO: the oldest first, $50 on A and what is left, $10, on B.
    ['FIFO', { mode: 'FIFO', amount: 6_000, lines: { 1: 5_000, 2: 1_000 }, message: null }],
    // LIFO: the newest first, $20 on C, $30 on B, $10 on A.
    ['LIFO', { mode: 'LIFO', amount: 6_000, lines: { 3: 2_000, 2: 3_000, 1: 1_000 }, message: null }],
    ['SELECT', { mode: 'SELECT', amount: 6_000, lines: { 1: 5_000 }, message: null }],
    // Ticking B reaches the amount: B takes only the $10 left.
    [
      'SELECT_FINISHED',
      { mode: 'SELECT_FINISHED', amount: 6_000, lines: { 1: 5_000, 2: 1_000 }, message: null },
    ],
  ] as const)('%s', (name, expected) => {
    expect(seen(IN[name])).toEqual(expected);
  });

  it('FIFO and LIFO give the lines in the order they pay them', () => {
    expect([...IN.FIFO.lines.keys()]).toEqual([1, 2]);
    expect([...IN.LIFO.lines.keys()]).toEqual([3, 2, 1]);
  });
});

type Row = [
  from: keyof typeof IN,
  what: string,
  actions: AllocationAction[],
  /** 'unchanged': the same state object back; 'unchanged-after-first': the actions after the first change nothing. */
  expected: ReturnType<typeof seen> | 'unchanged' | 'unchanged-after-first',
];

const NO_AMOUNT_MESSAGE = MODEL_TEXT.enterAmount;
const SELECT_ALL_MESSAGE = MODEL_TEXT.selectAllInOrderMode;

const transitions: Row[] = [
  // NORMAL: Apply Amount off.
  [
    'NORMAL_TICKED',
    'Apply Amount on',
    [on],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: null },
  ],
  ['NORMAL', 'Apply Amount off again', [off], 'unchanged'],
  ['NORMAL', 'an amount typed', [amount(6_000)], { mode: 'NORMAL', amount: 6_000, lines: {}, message: null }],
  ['NORMAL', 'an order (its buttons are hidden)', [order('FIFO')], 'unchanged'],
  [
    'NORMAL',
    'a line ticked takes its whole Est. Due',
    [tick(B)],
    { mode: 'NORMAL', amount: null, lines: { 2: 3_000 }, message: null },
  ],
  [
    'NORMAL_TICKED',
    'a ticked line unticked',
    [tick(A)],
    { mode: 'NORMAL', amount: null, lines: {}, message: null },
  ],
  ['NORMAL', 'a line with nothing due', [tick(PAID)], 'unchanged'],
  [
    'NORMAL_TICKED',
    'select-all ticks every line with something due',
    [tickAll],
    { mode: 'NORMAL', amount: null, lines: { 1: 5_000, 3: 2_000, 2: 3_000 }, message: null },
  ],
  [
    'NORMAL',
    'select-all twice unticks them',
    [tickAll, tickAll],
    { mode: 'NORMAL', amount: null, lines: {}, message: null },
  ],
  [
    'NORMAL',
    'an inline edit saved, rounded to the cent',
    [openEdit(A), type(A, '12.345'), saveEdit(A)],
    { mode: 'NORMAL', amount: null, lines: { 1: 1_235 }, message: null },
  ],
  [
    'NORMAL_TICKED',
    'an inline edit to 0 unticks the line',
    [openEdit(A), type(A, '0'), saveEdit(A)],
    { mode: 'NORMAL', amount: null, lines: {}, message: null },
  ],
  [
    'NORMAL_TICKED',
    'an inline edit cancelled keeps the amount',
    [openEdit(A), type(A, '1'), { type: 'editCancelled', procedureId: 1 }],
    { mode: 'NORMAL', amount: null, lines: { 1: 5_000 }, message: null },
  ],
  [
    'NORMAL',
    'an inline edit above the Est. Due is refused, and stays open',
    [openEdit(C), type(C, '20.01'), saveEdit(C)],
    {
      mode: 'NORMAL',
      amount: null,
      lines: { 3: 0 },
      message: 'The allocation cannot be more than the Est. Due of $20.00.',
    },
  ],
  [
    'NORMAL',
    'an inline edit that is not money is refused',
    [openEdit(C), type(C, '12,34'), saveEdit(C)],
    { mode: 'NORMAL', amount: null, lines: { 3: 0 }, message: 'The Allocation is not a currency value.' },
  ],
  ['NORMAL_TICKED', 'a checkbox while its line is edited', [openEdit(A), tick(A)], 'unchanged-after-first'],
  ['NORMAL', 'an edit of a line with nothing due', [openEdit(PAID)], 'unchanged'],

  // WAITING_AMOUNT: Apply Amount on, no order yet.
  [
    'WAITING_AMOUNT',
    'FIFO without an amount',
    [order('FIFO')],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: NO_AMOUNT_MESSAGE },
  ],
  [
    'WAITING_AMOUNT',
    'LIFO without an amount',
    [order('LIFO')],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: NO_AMOUNT_MESSAGE },
  ],
  [
    'WAITING_AMOUNT',
    'Select without an amount',
    [order('SELECT')],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: NO_AMOUNT_MESSAGE },
  ],
  [
    'WAITING_AMOUNT',
    'an amount of 0 is no amount',
    [amount(0), order('FIFO')],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: NO_AMOUNT_MESSAGE },
  ],
  [
    'WAITING_AMOUNT',
    'an amount typed',
    [amount(6_000)],
    { mode: 'WAITING_AMOUNT', amount: 6_000, lines: {}, message: null },
  ],
  [
    'WAITING_AMOUNT',
    'the refusal is cleared by the next thing done',
    [order('FIFO'), amount(100)],
    { mode: 'WAITING_AMOUNT', amount: 100, lines: {}, message: null },
  ],
  [
    'WAITING_WITH_AMOUNT',
    'FIFO',
    [order('FIFO')],
    { mode: 'FIFO', amount: 6_000, lines: { 1: 5_000, 2: 1_000 }, message: null },
  ],
  [
    'WAITING_WITH_AMOUNT',
    'LIFO',
    [order('LIFO')],
    { mode: 'LIFO', amount: 6_000, lines: { 3: 2_000, 2: 3_000, 1: 1_000 }, message: null },
  ],
  [
    'WAITING_WITH_AMOUNT',
    'Select',
    [order('SELECT')],
    { mode: 'SELECT', amount: 6_000, lines: {}, message: null },
  ],
  ['WAITING_WITH_AMOUNT', 'a checkbox', [tick(A)], 'unchanged'],
  ['WAITING_WITH_AMOUNT', 'select-all', [tickAll], 'unchanged'],
  ['WAITING_WITH_AMOUNT', 'an inline edit', [openEdit(A)], 'unchanged'],
  [
    'WAITING_WITH_AMOUNT',
    'Apply Amount off',
    [off],
    { mode: 'NORMAL', amount: 6_000, lines: {}, message: null },
  ],

  // FIFO.
  [
    'FIFO',
    'select-all is refused',
    [tickAll],
    { mode: 'FIFO', amount: 6_000, lines: { 1: 5_000, 2: 1_000 }, message: SELECT_ALL_MESSAGE },
  ],
  ['FIFO', 'a checkbox', [tick(C)], 'unchanged'],
  ['FIFO', 'an inline edit', [openEdit(A)], 'unchanged'],
  [
    'FIFO',
    'a smaller amount',
    [amount(2_000)],
    { mode: 'FIFO', amount: 2_000, lines: { 1: 2_000 }, message: null },
  ],
  [
    'FIFO',
    'more than is due pays everything due',
    [amount(20_000)],
    { mode: 'FIFO', amount: 20_000, lines: { 1: 5_000, 2: 3_000, 3: 2_000 }, message: null },
  ],
  [
    'FIFO',
    'the amount cleared',
    [amount(null)],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: null },
  ],
  [
    'FIFO',
    'LIFO instead',
    [order('LIFO')],
    { mode: 'LIFO', amount: 6_000, lines: { 3: 2_000, 2: 3_000, 1: 1_000 }, message: null },
  ],
  [
    'FIFO',
    'Select instead starts afresh',
    [order('SELECT')],
    { mode: 'SELECT', amount: 6_000, lines: {}, message: null },
  ],
  ['FIFO', 'Apply Amount off', [off], { mode: 'NORMAL', amount: 6_000, lines: {}, message: null }],

  // LIFO.
  [
    'LIFO',
    'select-all is refused',
    [tickAll],
    { mode: 'LIFO', amount: 6_000, lines: { 3: 2_000, 2: 3_000, 1: 1_000 }, message: SELECT_ALL_MESSAGE },
  ],
  ['LIFO', 'a checkbox', [tick(A)], 'unchanged'],
  ['LIFO', 'an inline edit', [openEdit(A)], 'unchanged'],
  [
    'LIFO',
    'a smaller amount',
    [amount(2_500)],
    { mode: 'LIFO', amount: 2_500, lines: { 3: 2_000, 2: 500 }, message: null },
  ],
  [
    'LIFO',
    'the amount cleared',
    [amount(null)],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: null },
  ],
  [
    'LIFO',
    'FIFO instead',
    [order('FIFO')],
    { mode: 'FIFO', amount: 6_000, lines: { 1: 5_000, 2: 1_000 }, message: null },
  ],
  ['LIFO', 'Apply Amount off', [off], { mode: 'NORMAL', amount: 6_000, lines: {}, message: null }],

  // SELECT.
  [
    'WAITING_WITH_AMOUNT',
    'Select, then a line ticked below the amount',
    [order('SELECT'), tick(B)],
    { mode: 'SELECT', amount: 6_000, lines: { 2: 3_000 }, message: null },
  ],
  [
    'SELECT',
    'a line ticked that reaches the amount takes only what is left',
    [tick(C)],
    { mode: 'SELECT_FINISHED', amount: 6_000, lines: { 1: 5_000, 3: 1_000 }, message: null },
  ],
  [
    'SELECT',
    'a ticked line unticked',
    [tick(A)],
    { mode: 'SELECT', amount: 6_000, lines: {}, message: null },
  ],
  ['SELECT', 'a line with nothing due', [tick(PAID)], 'unchanged'],
  [
    'SELECT',
    'select-all ticks the lines shown until the amount is reached',
    [tickAll],
    { mode: 'SELECT_FINISHED', amount: 6_000, lines: { 1: 5_000, 3: 1_000 }, message: null },
  ],
  ['SELECT', 'an inline edit', [openEdit(A)], 'unchanged'],
  [
    'SELECT',
    'a smaller amount the ticked lines reach',
    [amount(3_000)],
    { mode: 'SELECT_FINISHED', amount: 3_000, lines: { 1: 3_000 }, message: null },
  ],
  ['SELECT', 'Select again keeps the selection', [order('SELECT')], 'unchanged'],
  [
    'SELECT',
    'FIFO instead',
    [order('FIFO')],
    { mode: 'FIFO', amount: 6_000, lines: { 1: 5_000, 2: 1_000 }, message: null },
  ],
  [
    'SELECT',
    'the amount cleared',
    [amount(null)],
    { mode: 'WAITING_AMOUNT', amount: null, lines: {}, message: null },
  ],
  ['SELECT', 'Apply Amount off', [off], { mode: 'NORMAL', amount: 6_000, lines: {}, message: null }],

  // SELECT_FINISHED.
  ['SELECT_FINISHED', 'a line not ticked', [tick(C)], 'unchanged'],
  [
    'SELECT_FINISHED',
    'a ticked line unticked goes back to SELECT',
    [tick(B)],
    { mode: 'SELECT', amount: 6_000, lines: { 1: 5_000 }, message: null },
  ],
  [
    'SELECT_FINISHED',
    'select-all unticks the lines shown',
    [tickAll],
    { mode: 'SELECT', amount: 6_000, lines: {}, message: null },
  ],
  [
    'SELECT_FINISHED',
    'a larger amount: the ticked lines take what is due on them, back to SELECT',
    [amount(9_000)],
    { mode: 'SELECT', amount: 9_000, lines: { 1: 5_000, 2: 3_000 }, message: null },
  ],
  [
    'SELECT_FINISHED',
    'a smaller amount comes off the last line ticked',
    [amount(5_000)],
    { mode: 'SELECT_FINISHED', amount: 5_000, lines: { 1: 5_000 }, message: null },
  ],
  ['SELECT_FINISHED', 'an inline edit', [openEdit(A)], 'unchanged'],
  [
    'SELECT_FINISHED',
    'LIFO instead',
    [order('LIFO')],
    { mode: 'LIFO', amount: 6_000, lines: { 3: 2_000, 2: 3_000, 1: 1_000 }, message: null },
  ],
  ['SELECT_FINISHED', 'Apply Amount off', [off], { mode: 'NORMAL', amount: 6_000, lines: {}, message: null }],
];

describe('every transition', () => {
  it.each(transitions)('%s, %s', (from, _what, actions, expected) => {
    const before = IN[from];
    const after = play(before, ...actions);
    if (expected === 'unchanged') {
      expect(after).toBe(before);
    } else if (expected === 'unchanged-after-first') {
      const first = play(before, actions[0]!);
      expect(play(first, ...actions.slice(1))).toBe(first);
    } else {
      expect(seen(after)).toEqual(expected);
    }
  });
});

describe('the inline edit', () => {
  it('opens with the line’s amount as dollars, and keeps what is typed until it is saved', () => {
    const opened = play(IN.NORMAL_TICKED, openEdit(A));
    expect(opened.lines.get(1)).toEqual({ amountToPay: 5_000, estDue: 5_000, pendingAmount: '50.00' });
    const typed = play(opened, type(A, '40'));
    expect(typed.lines.get(1)).toEqual({ amountToPay: 5_000, estDue: 5_000, pendingAmount: '40' });
    expect(play(typed, saveEdit(A)).lines.get(1)).toEqual({
      amountToPay: 4_000,
      estDue: 5_000,
      pendingAmount: null,
    });
  });

  it('is closed when Apply Amount is turned on (the lines start afresh)', () => {
    const state = play(start, openEdit(A), on);
    expect(state.lines.size).toBe(0);
  });
});

describe('the filter', () => {
  it('changes without touching the allocation', () => {
    const state = play(
      IN.FIFO,
      { type: 'searchChanged', search: 'crown' },
      { type: 'dateFilterChanged', dateFilter: 'All Dates' },
      { type: 'showFamilyChanged', showFamily: true },
      { type: 'listChanged', list: 'Treatment Plans' },
      { type: 'treatmentPlanToggled', treatPlanNum: 5 },
      { type: 'treatmentPlanToggled', treatPlanNum: 6 },
      { type: 'treatmentPlanToggled', treatPlanNum: 5 },
      { type: 'groupByChanged', groupBy: 'patient' },
    );
    expect(state).toMatchObject({
      search: 'crown',
      dateFilter: 'All Dates',
      showFamily: true,
      list: 'Treatment Plans',
      groupBy: 'patient',
    });
    expect([...state.selectedTreatmentPlans]).toEqual([6]);
    expect(state.lines).toBe(IN.FIFO.lines);
    expect(state.mode).toBe('FIFO');
  });

  it('takes saved settings as they are', () => {
    const settings = {
      showFamily: true,
      dateFilter: 'All Dates',
      list: 'Completed',
      groupBy: 'patient',
    } as const;
    const state = play(IN.FIFO, { type: 'settingsApplied', settings });
    expect(filterSettingsOf(state)).toEqual(settings);
    expect(state.lines).toBe(IN.FIFO.lines);
  });

  it('keeps the state itself when nothing changes (React then skips the render)', () => {
    expect(play(start, { type: 'searchChanged', search: '' })).toBe(start);
    expect(play(start, { type: 'listChanged', list: 'All' })).toBe(start);
  });

  it('starts again with the saved settings when the patient changes', () => {
    const settings = {
      showFamily: true,
      dateFilter: 'All Dates',
      list: 'Completed',
      groupBy: 'treatmentPlan',
    } as const;
    const state = play(
      IN.SELECT_FINISHED,
      { type: 'searchChanged', search: 'crown' },
      { type: 'treatmentPlanToggled', treatPlanNum: 5 },
      { type: 'patientChanged', settings },
    );
    expect(state).toEqual(initialAllocationState({ settings }));
    expect(state).toMatchObject({ search: '', mode: 'NORMAL', amount: null, ...settings });
    expect(state.lines.size).toBe(0);
    expect(state.selectedTreatmentPlans.size).toBe(0);
  });

  it('opens with an amount waiting for its order', () => {
    expect(seen(initialAllocationState({ amount: 4_200 }))).toEqual({
      mode: 'WAITING_AMOUNT',
      amount: 4_200,
      lines: {},
      message: null,
    });
  });
});

describe('procedures loaded again', () => {
  it('drops the lines of procedures no longer listed and keeps each within its new Est. Due', () => {
    const state = play(IN.NORMAL, tick(A), tick(B), tick(C), {
      type: 'proceduresLoaded',
      procedures: [{ ...A, estDue: 4_000 }, C],
    });
    expect(seen(state).lines).toEqual({ 1: 4_000, 3: 2_000 });
    expect(state.lines.get(1)?.estDue).toBe(4_000);
  });

  it('goes back to SELECT when what the ticked lines can take drops below the amount', () => {
    const state = play(IN.SELECT_FINISHED, {
      type: 'proceduresLoaded',
      procedures: [A, { ...B, estDue: 500 }, C],
    });
    expect(seen(state)).toEqual({
      mode: 'SELECT',
      amount: 6_000,
      lines: { 1: 5_000, 2: 500 },
      message: null,
    });
  });

  it('keeps the state itself when nothing changed', () => {
    expect(play(IN.FIFO, { type: 'proceduresLoaded', procedures: SHOWN })).toBe(IN.FIFO);
  });
});

describe('messages', () => {
  it('are shown and dismissed', () => {
    const shown = play(start, { type: 'messageShown', message: MODEL_TEXT.unsavedEdit });
    expect(shown.message).toBe(MODEL_TEXT.unsavedEdit);
    expect(play(shown, { type: 'messageDismissed' }).message).toBeNull();
  });

  it('are the spec’s words', () => {
    expect(MODEL_TEXT.enterAmount).toBe('Please enter an amount to allocate.');
    expect(MODEL_TEXT.selectAllInOrderMode).toBe(
      'You cannot select all checkboxes in FIFO or LIFO mode.  Select the apply fixed amount button to turn off FIFO/LIFO mode.',
    );
    expect(MODEL_TEXT.unsavedEdit).toBe(
      'You have allocations that have not been saved, please click the disk to save your allocated payment',
    );
  });
});
