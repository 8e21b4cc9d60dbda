import { describe, expect, it } from 'vitest';
import type { AllocationAction } from './actions.js';
import { MAX_LINES_PER_SAVE, allocationPayload, associateTotalProblem, prepareSave } from './payload.js';
import { allocationReducer } from './reducer.js';
import { canAllocate } from './selectors.js';
import { initialAllocationState, type AllocationState } from './state.js';
import { aPlannedProcedure, aProcedure, aTreatmentPlan } from './testing.js';

const crown = aProcedure({ procedureId: 1, procNum: 501, estDue: 5_000 });
const exam = aProcedure({ procedureId: 2, procNum: 502, estDue: 3_000, patientKey: 8 });
const planned = aPlannedProcedure(aTreatmentPlan({ treatPlanNum: 11 }), {
  procedureId: 3,
  procNum: 503,
  estDue: 2_000,
});
const PROCEDURES = [crown, exam, planned];

const play = (...actions: AllocationAction[]) => actions.reduce(allocationReducer, initialAllocationState());

describe('the payload', () => {
  it('sends each allocated line in cents with its status, patient and ProcNum, and the total', () => {
    const state = play(
      { type: 'lineToggled', line: crown },
      { type: 'editOpened', line: planned },
      { type: 'editChanged', procedureId: 3, text: '12.345' },
      { type: 'editSaved', line: planned },
      { type: 'lineToggled', line: exam },
    );
    expect(allocationPayload(state.lines, PROCEDURES)).toEqual({
      procedures: [
        { procStatus: 'C', patientKey: 7, procedureLogCodeNum: 501, amount: 5_000 },
        { procStatus: 'TP', patientKey: 7, procedureLogCodeNum: 503, amount: 1_235 },
        { procStatus: 'C', patientKey: 8, procedureLogCodeNum: 502, amount: 3_000 },
      ],
      total: 9_235,
    });
  });

  it('sends only lines above 0, of procedures still loaded', () => {
    const lines = new Map([
      [1, { amountToPay: 0, estDue: 5_000, pendingAmount: '' }],
      [2, { amountToPay: 100, estDue: 3_000, pendingAmount: null }],
      [99, { amountToPay: 700, estDue: 700, pendingAmount: null }],
    ]);
    expect(allocationPayload(lines, PROCEDURES)).toEqual({
      procedures: [{ procStatus: 'C', patientKey: 8, procedureLogCodeNum: 502, amount: 100 }],
      total: 100,
    });
  });
});

describe('saving', () => {
  const ticked = play({ type: 'lineToggled', line: crown });

  it('is refused while an inline edit is open, with the spec’s words', () => {
    const editing = allocationReducer(ticked, { type: 'editOpened', line: exam });
    expect(prepareSave(editing, PROCEDURES)).toEqual({
      ok: false,
      message:
        'You have allocations that have not been saved, please click the disk to save your allocated payment',
    });
    // The widget shows it through the state.
    const refused = allocationReducer(editing, {
      type: 'messageShown',
      message: (prepareSave(editing, PROCEDURES) as { message: string }).message,
    });
    expect(refused.message).toMatch(/^You have allocations that have not been saved/);
  });

  it('is possible only while the total is above 0', () => {
    const nothing = initialAllocationState();
    expect(canAllocate(nothing)).toBe(false);
    expect(prepareSave(nothing, PROCEDURES)).toEqual({
      ok: false,
      message: 'Allocate an amount to at least one procedure.',
    });
    expect(canAllocate(ticked)).toBe(true);
    expect(prepareSave(ticked, PROCEDURES)).toEqual({
      ok: true,
      procedures: [{ procStatus: 'C', patientKey: 7, procedureLogCodeNum: 501, amount: 5_000 }],
      total: 5_000,
    });
  });

  it(`takes at most ${MAX_LINES_PER_SAVE} lines at once (the contract's limit)`, () => {
    const many = Array.from({ length: MAX_LINES_PER_SAVE + 1 }, (_, i) =>
      aProcedure({ procedureId: 1_000 + i, estDue: 100 }),
    );
    let state: AllocationState = initialAllocationState();
    state = allocationReducer(state, { type: 'allToggled', lines: many });
    expect(prepareSave(state, many)).toEqual({
      ok: false,
      message: `At most ${MAX_LINES_PER_SAVE} procedures can be allocated at once.`,
    });
    state = allocationReducer(state, { type: 'lineToggled', line: many[0]! });
    expect(prepareSave(state, many)).toMatchObject({ ok: true, total: MAX_LINES_PER_SAVE * 100 });
  });
});

describe('Associate Transaction with Allocate Payment', () => {
  it.each([
    ['the payment less its surcharge, exactly', 10_000, { amount: 10_300, surchargeAmount: 300 }, null],
    ['a payment without surcharge', 10_300, { amount: 10_300, surchargeAmount: 0 }, null],
    [
      'a cent short',
      9_999,
      { amount: 10_300, surchargeAmount: 300 },
      'The allocation total must match the unassociated transaction amount.',
    ],
    [
      'the surcharge included',
      10_300,
      { amount: 10_300, surchargeAmount: 300 },
      'The allocation total must match the unassociated transaction amount.',
    ],
  ])('%s', (_what, total, payment, problem) => {
    expect(associateTotalProblem(total, payment)).toBe(problem);
  });
});
