/** The Payment Plan Payment form's rules and what it sends. */
import { describe, expect, it } from 'vitest';
import {
  amountCents,
  defaultPaymentType,
  emptyPayment,
  noteRows,
  paymentBody,
  paymentProblems,
  preferredCardId,
  type PaymentValues,
} from './paymentForm.js';

const values = (over: Partial<PaymentValues>): PaymentValues => ({
  ...emptyPayment({ paymentType: 'CASH', amount: 20_000, cardId: null }),
  ...over,
});

describe('paymentProblems', () => {
  it.each([
    [{ amount: '' }, 'The Amount is required.'],
    [{ amount: 'abc' }, 'The Amount is not a currency value.'],
    [{ amount: '0.50' }, 'The Amount is not a currency value.'],
    [{ amount: '12.345' }, 'The Amount is not a currency value.'],
    [{ amount: '400.01' }, 'The payment cannot be more than the balance of $400.00.'],
  ])('a payment of %o: %s', (over, message) => {
    expect(paymentProblems(values(over), 40_000)).toEqual([{ field: 'amount', message }]);
  });

  it('takes a payment up to the balance, with comma thousands', () => {
    expect(paymentProblems(values({ amount: '1,000.00' }), 100_000)).toEqual([]);
  });

  it("needs a card for Card on File ('Add a Card'), and no card otherwise", () => {
    expect(paymentProblems(values({ paymentType: 'CARDONFILE' }), 40_000)).toEqual([
      { field: 'cardId', message: 'Add a Card' },
    ]);
    expect(paymentProblems(values({ paymentType: 'CARDONFILE', cardId: 7 }), 40_000)).toEqual([]);
    expect(paymentProblems(values({ paymentType: 'CHECK' }), 40_000)).toEqual([]);
  });

  it('needs an adjustment’s description and an amount greater than zero', () => {
    expect(paymentProblems(values({ paymentType: 'ADJ' }), 40_000)).toEqual([
      { field: 'description', message: 'The Description is required.' },
      { field: 'adjustmentAmount', message: 'The Adjustment Amount is required.' },
    ]);
    expect(
      paymentProblems(values({ paymentType: 'ADJ', description: 'Discount', adjustmentAmount: '0' }), 40_000),
    ).toEqual([{ field: 'adjustmentAmount', message: 'Adjustment Amount needs to be greater than zero.' }]);
    expect(
      paymentProblems(
        values({ paymentType: 'ADJ', description: 'Discount', adjustmentAmount: '1.2.3' }),
        40_000,
      ),
    ).toEqual([{ field: 'adjustmentAmount', message: 'The Adjustment Amount is not a currency value.' }]);
    // An adjustment is not a payment: it is not held to the balance here (the server decides).
    expect(
      paymentProblems(values({ paymentType: 'ADJ', description: 'Late fee', adjustmentAmount: '999.00' }), 0),
    ).toEqual([]);
  });
});

describe('paymentBody', () => {
  it('sends cents and only the fields of the chosen type', () => {
    expect(
      paymentBody(42, values({ paymentType: 'CHECK', amount: '1,234.5', checkNum: ' 1042 ', note: ' ' })),
    ).toEqual({
      paymentPlanId: 42,
      paymentType: 'CHECK',
      amount: 123_450,
      checkNum: '1042',
    });
    expect(
      paymentBody(42, values({ paymentType: 'CARDONFILE', cardId: 7, checkNum: '9', note: 'At the desk' })),
    ).toEqual({
      paymentPlanId: 42,
      paymentType: 'CARDONFILE',
      amount: 20_000,
      customerSavedCardId: 7,
      note: 'At the desk',
    });
    expect(
      paymentBody(42, values({ paymentType: 'ADJ', description: ' Courtesy ', adjustmentAmount: '25' })),
    ).toEqual({
      paymentPlanId: 42,
      paymentType: 'ADJ',
      amount: 2_500,
      description: 'Courtesy',
      type: 'CREDIT',
    });
  });
});

describe('the form’s starting values', () => {
  it('starts with the amount as money text, CREDIT for adjustments', () => {
    expect(emptyPayment({ paymentType: 'CARDONFILE', amount: 12_345, cardId: 7 })).toMatchObject({
      amount: '123.45',
      cardId: 7,
      adjustmentType: 'CREDIT',
    });
    expect(emptyPayment({ paymentType: 'CASH', amount: null, cardId: null }).amount).toBe('');
  });

  it('pays a card plan with its card, otherwise with the default card', () => {
    const cards = [
      { id: 1, isDefault: true },
      { id: 2, isDefault: false },
    ];
    expect(preferredCardId({ isCash: false, customerSavedCardId: 2 }, cards)).toBe(2);
    expect(preferredCardId({ isCash: true, customerSavedCardId: null }, cards)).toBe(1);
    expect(preferredCardId({ isCash: false, customerSavedCardId: 9 }, cards)).toBe(1);
    expect(preferredCardId({ isCash: false, customerSavedCardId: 2 }, [])).toBeNull();
    expect(preferredCardId({ isCash: false, customerSavedCardId: 2 }, undefined)).toBeNull();
    expect(defaultPaymentType({ isCash: true })).toBe('CASH');
    expect(defaultPaymentType({ isCash: false })).toBe('CARDONFILE');
  });

  it('looks the surcharge up only for money above zero', () => {
    expect(amountCents('100')).toBe(10_000);
    expect(amountCents('1,000.5')).toBe(100_050);
    expect(amountCents('0')).toBeNull();
    expect(amountCents('abc')).toBeNull();
  });

  it('grows the note from 3 to 6 rows', () => {
    expect(noteRows('')).toBe(3);
    expect(noteRows('a\nb\nc\nd')).toBe(4);
    expect(noteRows('1\n2\n3\n4\n5\n6\n7\n8')).toBe(6);
    expect(noteRows('one long line', 5)).toBe(5);
  });
});
