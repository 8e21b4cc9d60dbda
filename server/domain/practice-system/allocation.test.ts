import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOCATION_MESSAGES } from '../../../embed-sdk/contract/allocation.js';
import {
  allocationProblem,
  takeFromUnallocated,
  type AllocationLine,
  type ProcedureFacts,
  type UnallocatedSplit,
} from './allocation.js';

/** Maria (1001) and her son Mateo (1003) are one family; 1009 is someone else's patient. */
const procedures = new Map<number, ProcedureFacts>([
  [5001, { procNum: 5001, patNum: 1001, estDue: 10_000 }],
  [5002, { procNum: 5002, patNum: 1001, estDue: 2_500 }],
  [5003, { procNum: 5003, patNum: 1003, estDue: 4_000 }],
  [5004, { procNum: 5004, patNum: 1009, estDue: 9_000 }],
]);
const family = new Set([1001, 1003]);
const facts = { procedures, family, unallocated: 12_000 };
const line = (procNum: number, patientKey: number, amount: number): AllocationLine => ({
  procNum,
  patientKey,
  amount,
});

describe('allocationProblem', () => {
  it.each<[string, AllocationLine[], { field: string; message: string } | null]>([
    [
      'lines within each Est. Due and the unallocated amount',
      [line(5001, 1001, 8_000), line(5003, 1003, 4_000)],
      null,
    ],
    ['a line of exactly its Est. Due', [line(5002, 1001, 2_500)], null],
    [
      'a line over its Est. Due, named by its index',
      [line(5001, 1001, 1_000), line(5002, 1001, 2_501)],
      { field: 'body.procedures.1.amount', message: ALLOCATION_MESSAGES.overDue(5002, '$25.00') },
    ],
    [
      'lines over the unallocated amount',
      [line(5001, 1001, 10_000), line(5003, 1003, 2_001)],
      { field: 'body.procedures', message: ALLOCATION_MESSAGES.overUnallocated('$120.00') },
    ],
    [
      'a procedure the practice does not have',
      [line(5001, 1001, 100), line(9999, 1001, 100)],
      {
        field: 'body.procedures.1.procedureLogCodeNum',
        message: ALLOCATION_MESSAGES.unknownProcedure(9999, 1001),
      },
    ],
    [
      'a procedure named with another patient than its own',
      [line(5003, 1001, 100)],
      {
        field: 'body.procedures.0.procedureLogCodeNum',
        message: ALLOCATION_MESSAGES.unknownProcedure(5003, 1001),
      },
    ],
    [
      "a procedure outside the payment's family",
      [line(5004, 1009, 100)],
      { field: 'body.procedures.0.procedureLogCodeNum', message: ALLOCATION_MESSAGES.notOfFamily(5004) },
    ],
    [
      'a procedure twice',
      [line(5001, 1001, 100), line(5001, 1001, 100)],
      { field: 'body.procedures.1.procedureLogCodeNum', message: ALLOCATION_MESSAGES.twice(5001) },
    ],
  ])('%s', (_, lines, problem) => {
    expect(allocationProblem(lines, facts)).toEqual(problem);
  });
});

describe('takeFromUnallocated', () => {
  const split = (id: number, amount: number, remaining = amount, refunded = false): UnallocatedSplit => ({
    id,
    amount,
    remaining,
    refunded,
  });

  it.each<[string, UnallocatedSplit[], number, ReturnType<typeof takeFromUnallocated>]>([
    ['shrinks a split', [split(1, 10_000)], 4_000, [{ id: 1, amount: 6_000 }]],
    ['removes a split given in full', [split(1, 10_000)], 10_000, [{ id: 1, removed: true }]],
    [
      'takes the earliest first',
      [split(1, 3_000), split(2, 5_000)],
      4_000,
      [
        { id: 1, removed: true },
        { id: 2, amount: 4_000 },
      ],
    ],
    [
      'keeps a refunded split (its refund points at it) at what was refunded',
      [split(1, 10_000, 7_000, true)],
      7_000,
      [{ id: 1, amount: 3_000 }],
    ],
    [
      'skips a split with nothing left',
      [split(1, 2_000, 0, true), split(2, 1_000)],
      500,
      [{ id: 2, amount: 500 }],
    ],
  ])('%s', (_, splits, total, changes) => {
    expect(takeFromUnallocated(splits, total)).toEqual(changes);
  });

  it('refuses to take more than the splits hold', () => {
    expect(() => takeFromUnallocated([split(1, 100)], 101)).toThrow(RangeError);
  });
});

describe('an allocation the rules accept (property)', () => {
  const world = fc.record({
    dues: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 12 }),
    splits: fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 4 }),
    asks: fc.array(fc.tuple(fc.nat({ max: 20 }), fc.integer({ min: 1, max: 60_000 })), {
      minLength: 1,
      maxLength: 12,
    }),
  });

  it('moves exactly the lines out of the unallocated splits and leaves every Est. Due at 0 or more', () => {
    fc.assert(
      fc.property(world, ({ dues, splits, asks }) => {
        const procs = new Map(
          dues.map((estDue, i) => [6000 + i, { procNum: 6000 + i, patNum: 1001, estDue }] as const),
        );
        const unallocatedSplits = splits.map((amount, i) => ({
          id: i + 1,
          amount,
          remaining: amount,
          refunded: false,
        }));
        const unallocated = splits.reduce((a, b) => a + b, 0);
        // Lines may name procedures that do not exist (index past the list) or ask too much.
        const lines = asks.map(([i, amount]) => line(6000 + i, 1001, amount));
        const problem = allocationProblem(lines, { procedures: procs, family: new Set([1001]), unallocated });
        if (problem) return;
        const total = lines.reduce((a, l) => a + l.amount, 0);
        const changes = takeFromUnallocated(unallocatedSplits, total);
        const after = unallocatedSplits.map((s) => {
          const c = changes.find((x) => x.id === s.id);
          return !c ? s.amount : 'removed' in c ? 0 : c.amount;
        });
        expect(unallocated - after.reduce((a, b) => a + b, 0)).toBe(total);
        expect(after.every((a) => a >= 0)).toBe(true);
        for (const l of lines) expect(procs.get(l.procNum)!.estDue - l.amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
