import { describe, expect, it } from 'vitest';
import {
  createBody,
  emptyPlan,
  firstBillingMin,
  planProblems,
  readTerms,
  serverFieldErrors,
  type NewPlanValues,
} from './newPlan.js';

const DAY = '2026-11-21';

const filled = (over: Partial<NewPlanValues> = {}): NewPlanValues => ({
  ...emptyPlan(11, DAY),
  total: '1,200.00',
  downPayment: '200',
  cycleCount: '4',
  customerSavedCardId: 2,
  approvedMethod: 'VERBAL',
  ...over,
});

const problemsOf = (values: NewPlanValues) =>
  Object.fromEntries(planProblems(values, DAY).map((p) => [p.field, p.message]));

describe('the New Payment Plan form', () => {
  it('starts monthly, on a card, billing first one month from today', () => {
    expect(emptyPlan(null, DAY)).toEqual({
      customerId: null,
      total: '',
      downPayment: '',
      cycleCount: '12',
      frequency: 'MONTHLY',
      firstBillingDate: '2026-12-21',
      paidBy: 'CARD',
      customerSavedCardId: null,
      approvedMethod: '',
      signature: '',
    });
    expect(emptyPlan(null, '2027-01-31').firstBillingDate).toBe('2027-02-28');
    expect(firstBillingMin(DAY)).toBe('2026-11-22');
    expect(firstBillingMin('2026-12-31')).toBe('2027-01-01');
  });

  it('reads the terms in cents, as preview and create take them', () => {
    expect(readTerms(filled(), DAY)).toEqual({
      problems: [],
      terms: {
        customerId: 11,
        total: 120_000,
        downPayment: 20_000,
        cycleCount: 4,
        frequency: 'MONTHLY',
        firstBillingDate: '2026-12-21',
        isCash: false,
        customerSavedCardId: 2,
      },
    });
    // No down payment is 0; a cash plan sends no card even when one was picked before.
    expect(readTerms(filled({ downPayment: '', paidBy: 'CASH' }), DAY).terms).toEqual({
      customerId: 11,
      total: 120_000,
      downPayment: 0,
      cycleCount: 4,
      frequency: 'MONTHLY',
      firstBillingDate: '2026-12-21',
      isCash: true,
    });
  });

  it.each<[string, Partial<NewPlanValues>, Record<string, string>]>([
    ['no patient', { customerId: null }, { customerId: 'Choose a patient.' }],
    ['no total', { total: ' ' }, { total: 'The Plan Total is required.' }],
    ['a total that is not money', { total: '12.345' }, { total: 'The Plan Total is not a currency value.' }],
    ['a zero total', { total: '0' }, { total: 'The Plan Total is not a currency value.' }],
    ['a total above the limit', { total: '1,000,000.00' }, { total: 'The Plan Total is too large.' }],
    [
      'a down payment that is not money',
      { downPayment: '-5' },
      { downPayment: 'The Down Payment is not a currency value.' },
    ],
    [
      'a down payment of the whole total',
      { downPayment: '1200' },
      { downPayment: 'The down payment must be less than the total.' },
    ],
    ['no cycles', { cycleCount: '' }, { cycleCount: 'The Number of Cycles is required.' }],
    [
      'zero cycles',
      { cycleCount: '0' },
      { cycleCount: 'The Number of Cycles must be a whole number from 1 to 520.' },
    ],
    [
      'a fraction of a cycle',
      { cycleCount: '2.5' },
      { cycleCount: 'The Number of Cycles must be a whole number from 1 to 520.' },
    ],
    [
      'more cycles than cents',
      { total: '1.00', downPayment: '0.98', cycleCount: '3' },
      { cycleCount: 'Each cycle needs at least 1 cent: use fewer cycles.' },
    ],
    [
      'no first billing date',
      { firstBillingDate: '' },
      { firstBillingDate: 'The First Billing Date is required.' },
    ],
    [
      'a first billing date of today',
      { firstBillingDate: DAY },
      { firstBillingDate: 'The First Billing Date must be after today.' },
    ],
    ['a card plan without a card', { customerSavedCardId: null }, { customerSavedCardId: 'Add a Card' }],
    ['no approval', { approvedMethod: '' }, { approvedMethod: 'Choose how the patient approved the plan.' }],
    [
      'a signature plan without one',
      { approvedMethod: 'SIGNATURE', signature: '  ' },
      { signature: 'The signature is required.' },
    ],
  ])('refuses %s', (_case, over, expected) => {
    expect(problemsOf(filled(over))).toEqual(expected);
  });

  it('takes zero down, a cash plan without a card and a signed plan with its signature', () => {
    expect(problemsOf(filled({ downPayment: '0' }))).toEqual({});
    expect(problemsOf(filled({ paidBy: 'CASH', customerSavedCardId: null }))).toEqual({});
    expect(problemsOf(filled({ approvedMethod: 'SIGNATURE', signature: 'Maria Garcia' }))).toEqual({});
  });

  it('sends the signature only for a signed plan', () => {
    const terms = readTerms(filled(), DAY).terms!;
    expect(createBody(terms, filled({ approvedMethod: 'SIGNATURE', signature: ' Maria Garcia ' }))).toEqual({
      ...terms,
      approvedMethod: 'SIGNATURE',
      signature: 'Maria Garcia',
    });
    expect(createBody(terms, filled({ approvedMethod: 'WRITTEN', signature: 'left over' }))).toEqual({
      ...terms,
      approvedMethod: 'WRITTEN',
    });
  });

  it('puts the server’s 400 errors on the fields that show them', () => {
    expect(
      serverFieldErrors([
        'body.downPayment: The down payment must be less than the total.',
        'body.isCash: Invalid input: expected boolean',
        'body.signature: The signature is required.',
        'body: Unrecognized key: "nonce"',
        'querystring.x: odd',
      ]),
    ).toEqual({
      fields: {
        downPayment: 'The down payment must be less than the total.',
        paidBy: 'Invalid input: expected boolean',
        signature: 'The signature is required.',
      },
      other: ['body: Unrecognized key: "nonce"', 'querystring.x: odd'],
    });
  });
});
