import { describe, expect, it } from 'vitest';
import { displayedTransactionId, referenceIdFor, transactionResultIdFor } from './reference.js';

describe('reference ids', () => {
  it('are dash-separated with a 6-character transaction id first, in unambiguous characters', () => {
    const id = referenceIdFor('biz_a', 'SALE', 'key-1');
    expect(id).toMatch(
      /^[0-9A-HJKMNP-TV-Z]{6}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    );
    expect(displayedTransactionId(id)).toBe(id.slice(0, 6));
  });

  it('are the same for the same business, kind and idempotency key, and differ otherwise', () => {
    const id = referenceIdFor('biz_a', 'SALE', 'key-1');
    expect(referenceIdFor('biz_a', 'SALE', 'key-1')).toBe(id);
    const others = [
      referenceIdFor('biz_b', 'SALE', 'key-1'),
      referenceIdFor('biz_a', 'REFUND', 'key-1'),
      referenceIdFor('biz_a', 'VOID', 'key-1'),
      referenceIdFor('biz_a', 'SALE', 'key-2'),
    ];
    expect(new Set([id, ...others]).size).toBe(5);
  });

  it('keep the separator out of the hashed fields', () => {
    expect(referenceIdFor('a\nSALE', 'SALE', 'k')).not.toBe(referenceIdFor('a', 'SALE', 'SALE\nk'));
  });

  it('have a stable transaction result id in UUID form', () => {
    const id = referenceIdFor('biz_a', 'SALE', 'key-1');
    expect(transactionResultIdFor(id)).toBe(transactionResultIdFor(id));
    expect(transactionResultIdFor(id)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
