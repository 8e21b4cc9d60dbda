import { describe, expect, it } from 'vitest';
import { openSplits, refundSplits, SPLIT_MESSAGES, type SplitLine } from './paySplits.js';

/** $103.00 by card: the $3.00 surcharge split first, then $60.00 and $40.00 on two procedures. */
const posted: SplitLine[] = [
  { id: 1, amount: 300, descript: 'Surcharge', refundOfSplitId: null },
  { id: 2, amount: 6_000, descript: 'Payment', refundOfSplitId: null },
  { id: 3, amount: 4_000, descript: 'Payment', refundOfSplitId: null },
];

describe('openSplits', () => {
  it('knows the leading surcharge split and what is left of each after a refund', () => {
    const lines = [...posted, { id: 4, amount: -1_000, descript: 'Refund: Payment', refundOfSplitId: 2 }];
    expect(openSplits(lines)).toEqual([
      { id: 1, original: 300, remaining: 300, isSurcharge: true },
      { id: 2, original: 6_000, remaining: 5_000, isSurcharge: false },
      { id: 3, original: 4_000, remaining: 4_000, isSurcharge: false },
    ]);
  });

  it("only the leading split is the surcharge's", () => {
    const lines = [
      { id: 1, amount: 100, descript: 'Crown', refundOfSplitId: null },
      { id: 2, amount: 3, descript: 'surcharge', refundOfSplitId: null },
    ];
    expect(openSplits(lines).map((s) => s.isSurcharge)).toEqual([false, false]);
  });
});

describe('refundSplits', () => {
  const open = openSplits(posted);

  it.each([
    [
      'half, prorated',
      { kind: 'REFUND' as const, orderAmount: 5_000, surchargeAmount: 150 },
      [
        { splitId: 1, amount: -150 },
        { splitId: 2, amount: -3_000 },
        { splitId: 3, amount: -2_000 },
      ],
    ],
    [
      'a third: the last split absorbs the rounding',
      { kind: 'REFUND' as const, orderAmount: 3_333, surchargeAmount: 100 },
      [
        { splitId: 1, amount: -100 },
        { splitId: 2, amount: -2_000 },
        { splitId: 3, amount: -1_333 },
      ],
    ],
    [
      'as the refund form chose',
      {
        kind: 'REFUND' as const,
        orderAmount: 4_000,
        surchargeAmount: 120,
        chosen: [{ splitNum: 3, amount: 4_000 }],
      },
      [
        { splitId: 1, amount: -120 },
        { splitId: 3, amount: -4_000 },
      ],
    ],
    [
      'a void gives back everything',
      { kind: 'VOID' as const },
      [
        { splitId: 1, amount: -300 },
        { splitId: 2, amount: -6_000 },
        { splitId: 3, amount: -4_000 },
      ],
    ],
  ])('%s', (_what, refund, expected) => {
    expect(refundSplits(open, refund)).toEqual(expected);
  });

  it.each([
    ['a split of another payment', [{ splitNum: 9, amount: 4_000 }], 4_000, SPLIT_MESSAGES.unknownSplit(9)],
    ['the surcharge split', [{ splitNum: 1, amount: 300 }], 300, SPLIT_MESSAGES.unknownSplit(1)],
    ['more than the split', [{ splitNum: 3, amount: 4_001 }], 4_001, SPLIT_MESSAGES.tooMuch(3)],
    ['not the refund less its surcharge', [{ splitNum: 3, amount: 1_000 }], 2_000, SPLIT_MESSAGES.total],
  ])('refuses %s', (_what, chosen, orderAmount, problem) => {
    expect(refundSplits(open, { kind: 'REFUND', orderAmount, surchargeAmount: 0, chosen })).toEqual({
      problem,
    });
  });

  it('refuses more than is left of the payment', () => {
    expect(refundSplits(open, { kind: 'REFUND', orderAmount: 10_001, surchargeAmount: 0 })).toEqual({
      problem: SPLIT_MESSAGES.beyondPayment,
    });
  });
});
