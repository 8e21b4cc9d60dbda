/**
 * The links patients receive without signing in: a payment request's (`/p/{token}`), a membership
 * enrolment's (`/enroll/{token}`) and a card request's (`/card/{token}`). A link shows the
 * patient's name and what they owe or sign, and it sits in a text or an inbox that others may read
 * later; so each works for a number of days after it was sent, which the practice sets per kind
 * (Settings, "Patient links"). After that its page says it has expired and shows neither the name nor
 * the amount. Staff send a fresh link from the request or the membership ("Send New Link"); the old
 * link then says it was replaced.
 */
import { z } from 'zod';

/** The days a practice may give a link: at least one, at most a month. */
export const LINK_DAYS_MIN = 1;
export const LINK_DAYS_MAX = 30;

/**
 * A week for every kind, as card requests have always had: long enough to answer after a weekend or
 * a payday, short enough that a forgotten message stops showing a balance; staff send a fresh link in
 * one click when a patient needs more time.
 */
export const DEFAULT_LINK_DAYS = 7;

const LinkDays = (kind: string) =>
  z
    .number()
    .int(`${kind} must be a whole number of days.`)
    .min(LINK_DAYS_MIN, `${kind} must be at least ${LINK_DAYS_MIN} day.`)
    .max(LINK_DAYS_MAX, `${kind} must be at most ${LINK_DAYS_MAX} days.`);

/** How many days each kind of link works after it was sent. */
export const LinkExpirySettings = z
  .object({
    paymentLinkDays: LinkDays('Payment links'),
    enrollmentLinkDays: LinkDays('Enrollment links'),
    cardRequestLinkDays: LinkDays('Card request links'),
  })
  .strict();
export type LinkExpirySettings = z.infer<typeof LinkExpirySettings>;

export const DEFAULT_LINK_EXPIRY: LinkExpirySettings = {
  paymentLinkDays: DEFAULT_LINK_DAYS,
  enrollmentLinkDays: DEFAULT_LINK_DAYS,
  cardRequestLinkDays: DEFAULT_LINK_DAYS,
};

/**
 * What a payment or enrolment link's page answers once the link no longer works: the practice, to
 * ask for a new one, and nothing of the patient's.
 */
export const ExpiredLinkPage = z.object({
  status: z.literal('EXPIRED'),
  practiceName: z.string(),
  /** Ten digits, for asking for a new link; '' when unknown. */
  practicePhone: z.string(),
  /** When it stopped working (ISO). */
  expired: z.string(),
  /** True when staff sent a newer link, which ended this one. */
  replaced: z.boolean(),
});
export type ExpiredLinkPage = z.infer<typeof ExpiredLinkPage>;

/** What a link of staff's request says about itself: when it stops (or stopped) working. */
export const LinkState = z.object({
  /** When the current link was sent (ISO). */
  linkSent: z.string(),
  /** When it stops working, by the practice's setting (ISO). */
  linkExpires: z.string(),
  /** It no longer works (by the sandbox clock): a reminder would send a dead link; send a new one. */
  linkExpired: z.boolean(),
});
export type LinkState = z.infer<typeof LinkState>;

/** Why a public call on a link that no longer works takes nothing, as the patient reads it. */
export const EXPIRED_LINK_REFUSALS = {
  payment: 'This link has expired. Ask the practice for a new link to pay.',
  enrollment: 'This link has expired. Ask the practice for a new link to complete your enrollment.',
} as const;
