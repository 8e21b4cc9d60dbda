/** <chairside-allocation>'s attributes: what a host page writes becomes the widget's props, or says what is wrong. */
import { describe, expect, it } from 'vitest';
import { allocationAttributes } from './element.js';

describe('<chairside-allocation>', () => {
  it('reads the patient, the payment, the amount and the purpose', () => {
    expect(
      allocationAttributes.safeParse({
        'customer-key': ' 1001 ',
        'transaction-id': '7',
        amount: '30000',
        purpose: 'associate',
      }),
    ).toMatchObject({
      success: true,
      data: { customerKey: 1001, transactionId: 7, amount: 30_000, purpose: 'associate' },
    });
    expect(allocationAttributes.safeParse({ 'customer-key': '1001', 'transaction-id': '7' })).toMatchObject({
      success: true,
      data: { amount: undefined, purpose: 'save' },
    });
  });

  it.each([
    [{ 'transaction-id': '7' }, 'is required: a patient number, a positive whole number such as 1001'],
    [{ 'customer-key': '1001' }, 'is required: a transaction id, a positive whole number such as 12'],
    [
      { 'customer-key': '1001', 'transaction-id': '7', amount: '12.50' },
      'must be an amount in cents, a positive whole number such as 12500 (got "12.50")',
    ],
    [
      { 'customer-key': '1001', 'transaction-id': '7', purpose: 'post' },
      'must be "save" or "associate" (got "post")',
    ],
  ])('explains a bad set of attributes (%o)', (attributes, message) => {
    const parsed = allocationAttributes.safeParse(attributes);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });
});
