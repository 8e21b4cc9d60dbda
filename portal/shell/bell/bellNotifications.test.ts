import { describe, expect, it } from 'vitest';
import { notification } from '../../testing/portalFixtures.js';
import {
  describeNotification,
  groupNotifications,
  latestViewed,
  notificationHref,
  unreadCount,
} from './bellNotifications.js';

const NOW = new Date('2026-11-21T15:00:00Z');
const list = [
  notification({ id: 1, dateTime: '2026-11-21T13:00:00Z' }),
  notification({ id: 2, dateTime: '2026-11-20T15:00:00Z' }), // exactly 24 hours ago: still recent
  notification({ id: 3, dateTime: '2026-11-20T14:59:59Z' }),
  notification({ id: 4, dateTime: '2026-11-02T07:00:00Z' }),
];

describe('the bell', () => {
  it.each([
    [null, 4],
    ['2026-11-21T12:59:59Z', 1],
    ['2026-11-21T13:00:00Z', 0],
    ['2026-11-20T15:00:00Z', 1],
    ['2026-11-01T00:00:00Z', 4],
    ['not a date', 4],
  ])('counts notifications newer than the last view (%s) → %i', (lastViewed, count) => {
    expect(unreadCount(list, lastViewed)).toBe(count);
  });

  it('groups the last 24 hours as Recent and the rest as Previous', () => {
    const { recent, previous } = groupNotifications(list, NOW);
    expect(recent.map((n) => n.id)).toEqual([1, 2]);
    expect(previous.map((n) => n.id)).toEqual([3, 4]);
  });

  it('takes the later of the device’s and the server’s last view', () => {
    expect(latestViewed(null, null)).toBeNull();
    expect(latestViewed('2026-11-21T10:00:00Z', null)).toBe('2026-11-21T10:00:00Z');
    expect(latestViewed(null, '2026-11-21T10:00:00Z')).toBe('2026-11-21T10:00:00Z');
    expect(latestViewed('2026-11-21T10:00:00Z', '2026-11-21T11:00:00.000Z')).toBe('2026-11-21T11:00:00.000Z');
  });

  it('describes a payment-plan past-due row by its plan ID, and links to it', () => {
    const n = notification({ id: 1, dateTime: '2026-11-21T13:00:00Z', paymentPlanId: 7 });
    expect(describeNotification(n)).toEqual({ title: 'Payment Plan ID 7', detail: 'John Smith' });
    expect(notificationHref(n)).toBe('#/paymentplans?paymentPlanId=7');
  });

  it('describes membership rows by membership ID and days to expiry', () => {
    const expiring = notification({
      id: 1,
      dateTime: '2026-11-21T13:00:00Z',
      type: 'MEMBERSHIP_EXPIRING',
      paymentPlanId: null,
      customerMembershipBillingId: 9,
      amountDue: null,
      yearlyExpDays: 1,
    });
    expect(describeNotification(expiring)).toEqual({ title: 'Membership ID 9', detail: 'Expires in 1 day' });
    expect(notificationHref(expiring)).toBe('#/customermembershipbillings?customerMembershipBillingId=9');
  });

  it("describes the admin area's announcements by their own title and text, leading nowhere", () => {
    const announcement = notification({
      id: 1,
      dateTime: '2026-11-21T13:00:00Z',
      type: 'ANNOUNCEMENT',
      paymentPlanId: null,
      amountDue: null,
      firstName: null,
      lastName: null,
      title: 'Holiday hours',
      text: 'Support closes at noon on December 24.',
    });
    expect(describeNotification(announcement)).toEqual({
      title: 'Holiday hours',
      detail: 'Support closes at noon on December 24.',
    });
    expect(notificationHref(announcement)).toBeNull();
  });
});
