/** The bell (company notifications) and the user notification banner. */
import { z } from 'zod';
import { RecordId } from './common.js';
import { get, post } from './endpoint.js';

export const CompanyNotification = z.object({
  id: z.number().int(),
  /** PAYMENTPLAN_PASTDUE | MEMBERSHIP_PASTDUE | MEMBERSHIP_EXPIRING | ANNOUNCEMENT */
  type: z.string(),
  dateTime: z.string(),
  /** The same instant, for display in the practice's time (the spec's dateTimeConverted). */
  dateTimeConverted: z.string(),
  paymentPlanId: z.number().int().nullable(),
  customerMembershipBillingId: z.number().int().nullable(),
  amountDue: z.number().int().nullable(),
  yearlyExpDays: z.number().int().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** An ANNOUNCEMENT's words, from the admin area's Notification Management; null otherwise. */
  title: z.string().nullable(),
  text: z.string().nullable(),
});
export type CompanyNotification = z.infer<typeof CompanyNotification>;

export const getLatestNotifications = get('/api/companyNotification/getLatestNotifications', {
  summary: "The practice's latest notifications for the bell, newest first.",
  value: z.object({ notifications: z.array(CompanyNotification), lastViewed: z.string().nullable() }),
});

export const viewedCompanyNotification = post('/api/UserNotification/viewedCompanyNotification', {
  writes: 'caller',
  summary: 'Records that the user opened the bell now.',
  value: z.object({ dateTime: z.string() }),
});

export const UserNotification = z.object({
  id: z.number().int(),
  /** The banner's intent. */
  type: z.enum(['info', 'success', 'warning', 'error']),
  /** One of the admin area's icons (megaphone, wrench, sparkle, shield, calendar), or null for the intent's own. */
  icon: z.string().nullable(),
  created: z.string(),
  title: z.string(),
  text: z.string(),
  fullyQualifiedUrl: z.string().nullable(),
});
export type UserNotification = z.infer<typeof UserNotification>;

export const getLastUserNotification = get('/api/userNotification/getLastUserNotification', {
  summary: 'The newest user notification the user has not dismissed, or null.',
  value: z.object({ notification: UserNotification.nullable() }),
});

export const updateUserNotificationDate = post('/api/userNotification/updateUserNotificationDate', {
  writes: 'caller',
  summary: 'Dismisses the user notification (the newest one when no id is given).',
  body: z.object({ id: RecordId.optional() }),
  value: z.object({ dismissed: z.number().int().nullable() }),
});
