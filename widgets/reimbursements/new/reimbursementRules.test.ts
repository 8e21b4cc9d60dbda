import { describe, expect, it } from 'vitest';
import { reimbursementProblems } from './reimbursementRules.js';

const proc = (fee: number, pay: number, writeOff: number, collect = 0) => ({
  fee,
  amountToPay: pay,
  amountToWriteOff: writeOff,
  amountToCollect: collect,
});

describe('a reimbursement’s amounts', () => {
  it.each([
    ['add up to the payment', 17000, [proc(10000, 9000, 1000), proc(22000, 8000, 2000, 5000)], []],
    [
      'do not add up to the payment',
      17001,
      [proc(10000, 9000, 1000), proc(22000, 8000, 2000)],
      [{ where: 'payment', message: 'The reimbursed amounts add up to $170.00, not the payment’s $170.01.' }],
    ],
    [
      'are negative',
      9000,
      [proc(10000, 9000, -100, -1)],
      [
        {
          where: 'procedure',
          index: 0,
          field: 'amountToWriteOff',
          message: 'The write-off must not be negative.',
        },
        {
          where: 'procedure',
          index: 0,
          field: 'amountToCollect',
          message: 'The patient’s share must not be negative.',
        },
      ],
    ],
    [
      'exceed the fee with the write-off',
      9000,
      [proc(10000, 9000, 1001)],
      [
        {
          where: 'procedure',
          index: 0,
          field: 'amountToWriteOff',
          message:
            'The reimbursement and the write-off ($100.01) are more than the procedure’s fee ($100.00).',
        },
      ],
    ],
    ['reach the fee exactly', 9000, [proc(10000, 9000, 1000)], []],
  ])('%s', (_case, payment, procedures, problems) => {
    expect(reimbursementProblems(payment, procedures)).toEqual(problems);
  });
});
