import { describe, expect, it } from 'vitest';
import {
  prefillPosting,
  reimbursementProblems,
  reimbursementStatus,
  sharesToCollect,
  type PostedProcedure,
} from './reimbursement.js';

const crown = {
  procCode: 'D2740',
  procDate: '2026-11-02',
  fee: 125_000,
  insuranceEstimate: 53_125,
  writeOffEstimate: 18_750,
};
const cleaning = {
  procCode: 'D1110',
  procDate: '2026-11-02',
  fee: 11_000,
  insuranceEstimate: 9_350,
  writeOffEstimate: 1_650,
};

describe('prefillPosting', () => {
  it.each([
    [
      'the estimates, and the rest of the fee to collect',
      crown,
      { amountToPay: 53_125, amountToWriteOff: 18_750, amountToCollect: 53_125 },
    ],
    [
      'nothing to collect when the estimates cover the fee',
      cleaning,
      { amountToPay: 9_350, amountToWriteOff: 1_650, amountToCollect: 0 },
    ],
    [
      'never below zero when the estimates exceed the fee',
      { ...cleaning, insuranceEstimate: 10_000 },
      { amountToPay: 10_000, amountToWriteOff: 1_650, amountToCollect: 0 },
    ],
  ])('%s', (_what, procedure, expected) => {
    expect(prefillPosting(procedure)).toEqual(expected);
  });
});

const maria = { customerId: 1, firstName: 'Maria', lastName: 'Garcia' };
const sofia = { customerId: 2, firstName: 'Sofia', lastName: 'Garcia' };
const posted = (
  procedure: typeof crown,
  customerId: number,
  path: string,
  amounts = prefillPosting(procedure),
): PostedProcedure => ({ procedure, customerId, path, ...amounts });

const save = (procedures: PostedProcedure[], paymentAmount: number, requestCustomerIds: number[]) =>
  reimbursementProblems({ paymentAmount, procedures, requestCustomerIds, patients: [maria, sofia] });

describe('reimbursementProblems', () => {
  it('accepts reimbursements that add up, within the fees, with each share requested', () => {
    const procedures = [
      posted(crown, 1, 'claims.0.procedures.0'),
      posted(cleaning, 2, 'claims.1.procedures.0'),
    ];
    expect(save(procedures, 62_475, [1])).toEqual([]);
  });

  it('refuses reimbursements that do not add up to the payment, naming both amounts', () => {
    expect(save([posted(cleaning, 2, 'claims.0.procedures.0')], 10_000, [])).toEqual([
      {
        field: 'payment.amount',
        message: "The reimbursed amounts add up to $93.50, not the payment's $100.00.",
      },
    ]);
  });

  it('refuses a write-off and reimbursement above the fee, naming the procedure and its date', () => {
    const over = posted(cleaning, 2, 'claims.0.procedures.0', {
      amountToPay: 9_350,
      amountToWriteOff: 2_000,
      amountToCollect: 0,
    });
    expect(save([over], 9_350, [])).toEqual([
      {
        field: 'claims.0.procedures.0.amountToWriteOff',
        message:
          'The write-off and the reimbursement of D1110 on 11/02/2026 add up to $113.50, more than its fee of $110.00.',
      },
    ]);
  });

  it.each([
    ['amountToPay', { amountToPay: -1, amountToWriteOff: 0, amountToCollect: 0 }, 'reimbursement'],
    ['amountToWriteOff', { amountToPay: 0, amountToWriteOff: -5, amountToCollect: 0 }, 'write-off'],
    ['amountToCollect', { amountToPay: 0, amountToWriteOff: 0, amountToCollect: 0.5 }, 'amount to collect'],
  ] as const)('refuses a negative or fractional %s', (field, amounts, words) => {
    const problems = save([posted(cleaning, 2, 'claims.0.procedures.0', amounts)], amounts.amountToPay, []);
    expect(problems).toContainEqual({
      field: `claims.0.procedures.0.${field}`,
      message: `The ${words} of D1110 on 11/02/2026 must be zero or more, in whole cents.`,
    });
  });

  it('asks for a payment request for a patient with a share, and refuses one for a patient without', () => {
    const procedures = [
      posted(crown, 1, 'claims.0.procedures.0'),
      posted(cleaning, 2, 'claims.1.procedures.0'),
    ];
    expect(save(procedures, 62_475, [2])).toEqual([
      {
        field: 'requests',
        message: 'Maria Garcia has $531.25 to collect: choose how to send their payment request.',
      },
      {
        field: 'requests.0.customerId',
        message: 'Sofia Garcia has nothing to collect in this reimbursement: remove their payment request.',
      },
    ]);
  });
});

describe('sharesToCollect', () => {
  it("adds up each patient's amounts to collect", () => {
    const shares = sharesToCollect([
      posted(crown, 1, 'a'),
      posted(crown, 1, 'b', { amountToPay: 0, amountToWriteOff: 0, amountToCollect: 100 }),
      posted(cleaning, 2, 'c'),
    ]);
    expect([...shares]).toEqual([
      [1, 53_225],
      [2, 0],
    ]);
  });
});

describe('reimbursementStatus', () => {
  it.each([
    ['nobody asked to pay', 0, 0, 'POSTED'],
    ['a share unpaid', 5_000, 0, 'AWAITING_PAYMENT'],
    ['a share part paid', 5_000, 2_500, 'AWAITING_PAYMENT'],
    ['every share paid', 5_000, 5_000, 'PAID'],
  ] as const)('%s → %s', (_what, requestedPayment, paid, status) => {
    expect(reimbursementStatus({ requestedPayment, paid })).toBe(status);
  });
});
