import { describe, expect, it } from 'vitest';
import { isSurcharged, paymentActivity, sentTo, showsActions, timeline } from './paymentRequest.js';
import { payment, request, REQUEST_ID } from '../ui/testing/requestFixtures.js';

describe('payment request rules', () => {
  it('offers the actions only on unpaid requests to editors', () => {
    expect(showsActions({ status: 'UNPAID' }, true)).toBe(true);
    expect(showsActions({ status: 'UNPAID' }, false)).toBe(false);
    expect(showsActions({ status: 'PAID' }, true)).toBe(false);
    expect(showsActions({ status: 'CANCELLED' }, true)).toBe(false);
  });

  it('names the channels it was sent to', () => {
    expect(sentTo({ eMail: 'a@b.co', toPhone: '' })).toBe('a@b.co');
    expect(sentTo({ eMail: '', toPhone: '5125550142' })).toBe('(512) 555-0142');
    expect(sentTo({ eMail: 'a@b.co', toPhone: '5125550142' })).toBe('a@b.co and (512) 555-0142');
  });

  it('has three steps, each done when its time is known', () => {
    const steps = timeline(request({ paymentPage: '2026-11-03T08:00:00.000Z' }));
    expect(steps.map((s) => [s.label, s.detail, s.at !== null])).toEqual([
      ['Sent to', 'maria.garcia@example.com and (512) 555-0142', true],
      ['Viewed', '', true],
      ['Paid', '', false],
    ]);
    expect(timeline(request({ eMail: '', toPhone: '' }))[0]).toMatchObject({ label: 'Sent', detail: '' });
  });

  it('lists text-to-pay payments of this request, newest first', () => {
    const rows = paymentActivity(
      [
        payment({ id: 1, status: 'APPROVED', created: '2026-11-01T00:00:00Z' }),
        payment({ id: 2, status: 'DECLINED', created: '2026-11-02T00:00:00Z' }),
        payment({ id: 3, status: 'APPROVED', source: 'PAYMENTPLAN' }),
        payment({ id: 4, status: 'APPROVED', notificationId: 'other' }),
      ],
      REQUEST_ID,
    );
    expect(rows.map((r) => r.id)).toEqual([2, 1]);
  });

  it('splits the surcharge only for paid, surcharged requests', () => {
    expect(isSurcharged({ status: 'PAID', surchargeAmount: 375 })).toBe(true);
    expect(isSurcharged({ status: 'PAID', surchargeAmount: 0 })).toBe(false);
    expect(isSurcharged({ status: 'UNPAID', surchargeAmount: 375 })).toBe(false);
  });
});
