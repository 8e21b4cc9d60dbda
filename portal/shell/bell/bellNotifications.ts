/**
 * The bell's rules (spec part 1, section 2): the unread count is the number of notifications newer
 * than the last-viewed time; the list is grouped Recent (the last 24 hours: the morning sweep
 * repeats every past-due plan daily, so Recent always holds today's state) and Previous.
 */
import type { CompanyNotification } from '../../../embed-sdk/contract/notification.js';

export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;

const time = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : t;
};

/** Notifications newer than the last view; all of them when the bell was never opened. */
export function unreadCount(
  notifications: readonly Pick<CompanyNotification, 'dateTime'>[],
  lastViewed: string | null,
): number {
  const viewed = time(lastViewed);
  if (viewed === null) return notifications.length;
  return notifications.filter((n) => (time(n.dateTime) ?? -Infinity) > viewed).length;
}

/** The later of two last-viewed times (the device's and the server's). */
export function latestViewed(a: string | null | undefined, b: string | null | undefined): string | null {
  const ta = time(a);
  const tb = time(b);
  if (ta === null) return tb === null ? null : b!;
  if (tb === null) return a!;
  return ta >= tb ? a! : b!;
}

export function groupNotifications<N extends Pick<CompanyNotification, 'dateTime'>>(
  notifications: readonly N[],
  now: Date,
): { recent: N[]; previous: N[] } {
  const since = now.getTime() - RECENT_WINDOW_MS;
  const recent: N[] = [];
  const previous: N[] = [];
  for (const n of notifications) ((time(n.dateTime) ?? -Infinity) >= since ? recent : previous).push(n);
  return { recent, previous };
}

/** What a row says, by notification type (part 1 section 2; memberships in part 2 section 2). */
export function describeNotification(n: CompanyNotification): { title: string; detail: string | null } {
  const who = [n.firstName, n.lastName].filter(Boolean).join(' ');
  switch (n.type) {
    case 'PAYMENTPLAN_PASTDUE':
      return { title: `Payment Plan ID ${n.paymentPlanId ?? '—'}`, detail: who || null };
    case 'MEMBERSHIP_PASTDUE':
      return { title: `Membership ID ${n.customerMembershipBillingId ?? '—'}`, detail: who || null };
    case 'MEMBERSHIP_EXPIRING':
      return {
        title: `Membership ID ${n.customerMembershipBillingId ?? '—'}`,
        detail:
          n.yearlyExpDays === null
            ? 'Expiring soon'
            : `Expires in ${n.yearlyExpDays} day${n.yearlyExpDays === 1 ? '' : 's'}`,
      };
    case 'ANNOUNCEMENT':
      // Written by the platform's team in the admin area's Notification Management.
      return { title: n.title ?? 'Chairside', detail: n.text };
    default:
      return { title: n.type, detail: who || null };
  }
}

/** Where a row leads: the list the item belongs to, with the item to open. */
export function notificationHref(n: CompanyNotification): string | null {
  if (n.paymentPlanId !== null) return `#/paymentplans?paymentPlanId=${n.paymentPlanId}`;
  if (n.customerMembershipBillingId !== null) {
    return `#/customermembershipbillings?customerMembershipBillingId=${n.customerMembershipBillingId}`;
  }
  return null;
}
