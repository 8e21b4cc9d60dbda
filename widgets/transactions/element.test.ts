/** The elements' attributes: what a host page writes becomes the widgets' props, or says what is wrong. */
import { describe, expect, it } from 'vitest';
import { transactionDetailsAttributes } from './detailsElement.js';
import { transactionsAttributes } from './element.js';

describe('<chairside-transactions>', () => {
  it('reads its narrowing attributes', () => {
    expect(
      transactionsAttributes.safeParse({
        'customer-key': ' 1001 ',
        'notification-id': '6f1c2a9e-4b7d-4e21-9a3b-0c5d8e7f1a20',
        'payment-plan-detail-id': '7',
        'company-wide': 'true',
      }),
    ).toMatchObject({
      success: true,
      data: {
        customerKey: 1001,
        notificationId: '6f1c2a9e-4b7d-4e21-9a3b-0c5d8e7f1a20',
        paymentPlanDetailId: 7,
        companyWide: true,
      },
    });
    expect(transactionsAttributes.safeParse({})).toMatchObject({
      success: true,
      data: { customerKey: undefined, companyWide: false },
    });
  });

  it.each([
    ['customer-key', 'abc', 'must be a patient number, a positive whole number such as 12 (got "abc")'],
    [
      'payment-plan-detail-id',
      '0',
      'must be a payment plan detail id, a positive whole number such as 12 (got "0")',
    ],
    ['notification-id', 'nope', 'must be a payment request id, a UUID (got "nope")'],
    ['company-wide', 'yes', 'must be "true" or "false" (got "yes")'],
  ])('explains a bad %s', (attribute, value, message) => {
    const parsed = transactionsAttributes.safeParse({ [attribute]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });
});

describe('<chairside-transaction-details>', () => {
  it('needs a transaction id', () => {
    expect(transactionDetailsAttributes.safeParse({ 'transaction-id': '42' })).toMatchObject({
      success: true,
      data: { transactionId: 42 },
    });
    expect(transactionDetailsAttributes.safeParse({}).error!.issues[0]!.message).toBe(
      'is required: a transaction id, a positive whole number such as 12',
    );
  });
});
