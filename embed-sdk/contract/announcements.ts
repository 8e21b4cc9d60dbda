/**
 * The admin area's Notification Management (`#/admin/notificationManagement`, issue 35): what the
 * operations team tells the people using Chairside. A banner (the user notification: title, text,
 * type, icon and a Read More link) or a bell entry (the company notification), aimed at everyone,
 * one practice or one person, published now or at a time on the sandbox clock, when the sandbox's
 * jobs publish it (once across instances). Administrators only; every change audited.
 */
import { z } from 'zod';
import { SignInEmail } from './admin.js';
import { Id, IsoDateTime, wholeNumber } from './common.js';
import { get, post } from './endpoint.js';

export const ANNOUNCEMENT_CHANNELS = ['BANNER', 'BELL'] as const;
export const AnnouncementChannel = z.enum(ANNOUNCEMENT_CHANNELS);
export type AnnouncementChannel = z.infer<typeof AnnouncementChannel>;

export const ANNOUNCEMENT_AUDIENCES = ['EVERYONE', 'PRACTICE', 'USER'] as const;
export const AnnouncementAudience = z.enum(ANNOUNCEMENT_AUDIENCES);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;

/** The banner's intents, as the user notification has them. */
export const ANNOUNCEMENT_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const AnnouncementType = z.enum(ANNOUNCEMENT_TYPES);

/** The icons a banner may show instead of its intent's own. */
export const ANNOUNCEMENT_ICONS = ['megaphone', 'wrench', 'sparkle', 'shield', 'calendar'] as const;
export const AnnouncementIcon = z.enum(ANNOUNCEMENT_ICONS);
export type AnnouncementIcon = z.infer<typeof AnnouncementIcon>;

export const ANNOUNCEMENT_STATES = ['SCHEDULED', 'PUBLISHED', 'WITHDRAWN'] as const;
export const AnnouncementState = z.enum(ANNOUNCEMENT_STATES);
export type AnnouncementState = z.infer<typeof AnnouncementState>;

export const TITLE_MAX = 120;
export const TEXT_MAX = 1000;

export const Announcement = z.object({
  id: z.number().int(),
  channel: AnnouncementChannel,
  audience: AnnouncementAudience,
  /** The practice aimed at (PRACTICE), with its name. */
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  /** The person aimed at (USER), by e-mail. */
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  type: AnnouncementType,
  icon: AnnouncementIcon.nullable(),
  url: z.string().nullable(),
  state: AnnouncementState,
  /** When it is (or was) to be published, on the sandbox clock (ISO). */
  publishAt: z.string(),
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  createdBy: z.string(),
  /** Banners: the people who have dismissed it so far. Bell entries: null. */
  dismissals: z.number().int().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

export const adminAnnouncements = get('/api/admin/notifications', {
  summary: 'The notifications administrators wrote, newest first, ten to a page; scheduled ones first.',
  query: z
    .object({
      state: AnnouncementState.optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({ notifications: z.array(Announcement), totalCount: z.number().int() }),
});

export const publishAnnouncement = post('/api/admin/notification', {
  summary:
    'Writes a banner or a bell notification for everyone, one practice or one person (a banner only), now or at a time on the sandbox clock; audited.',
  body: z
    .object({
      channel: AnnouncementChannel,
      audience: AnnouncementAudience,
      /** Required when the audience is PRACTICE. */
      companyId: Id.optional(),
      /** The person's sign-in e-mail; required when the audience is USER. */
      email: SignInEmail.optional(),
      title: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`),
      text: z.string().trim().min(1, 'is required').max(TEXT_MAX, `must be at most ${TEXT_MAX} characters`),
      type: AnnouncementType.default('info'),
      icon: AnnouncementIcon.optional(),
      /** The banner's Read More link. */
      url: z
        .string()
        .trim()
        .max(500, 'must be at most 500 characters')
        .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'must be a web address (https://…)')
        .optional(),
      /** When to publish it (ISO, with its offset); now when absent. Not in the sandbox clock's past. */
      publishAt: IsoDateTime.optional(),
    })
    .strict(),
  value: Announcement,
});

export const withdrawAnnouncement = post('/api/admin/notification/withdraw', {
  summary:
    'Withdraws a notification: a scheduled one is never published, a published one leaves every banner and bell; audited.',
  body: z.object({ id: Id }).strict(),
  value: Announcement,
});
