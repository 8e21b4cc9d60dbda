/**
 * Settings' own sections of the practice (MANAGESETTINGS), each saved on its own:
 *
 * - Practice: its name and phone as patients see them, the BCC address of the e-mails the product
 *   sends its patients, the person Chairside's support deals with, and its time zone (its days and
 *   its reminders' quiet hours);
 * - Allocation and memberships: procedure allocation (Open Dental practices only) and how many days
 *   before a membership ends its notice goes;
 * - Recent changes: the audit log's entries of the practice's settings, whoever made them (its
 *   managers here, an administrator in the admin area).
 *
 * The field rules are the admin area's too (admin.ts, a practice's profile): one definition each.
 */
import { z } from 'zod';
import { isPhoneNumber } from '../validation/phone.js';
import { AuditPage } from './audit.js';
import { GatewayCode, wholeNumber } from './common.js';
import { get, post } from './endpoint.js';

export const PracticeName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters');

export const PracticePhone = z
  .string()
  .trim()
  .refine((v) => isPhoneNumber(v), 'is not a valid phone number');

/** An e-mail address, or '' for none. */
const OptionalEmail = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .refine((v) => v === '' || z.regexes.email.test(v), 'is not a valid e-mail address');

/** The BCC address of the e-mails to patients: '' for no copy. */
export const BccEmail = OptionalEmail;

export const MembershipDays = wholeNumber(1, 365);

/** The time zones Node and the browsers know (IANA names). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

export const TimeZone = z
  .string()
  .trim()
  .refine(isTimeZone, 'is not a time zone (an IANA name such as America/Chicago)');

/** The time zones offered first: the United States' (the practices are American). */
export const US_TIME_ZONES: readonly { zone: string; label: string }[] = [
  { zone: 'America/New_York', label: 'Eastern (New York)' },
  { zone: 'America/Detroit', label: 'Eastern (Detroit)' },
  { zone: 'America/Indiana/Indianapolis', label: 'Eastern (Indianapolis)' },
  { zone: 'America/Chicago', label: 'Central (Chicago)' },
  { zone: 'America/Denver', label: 'Mountain (Denver)' },
  { zone: 'America/Phoenix', label: 'Mountain, no daylight saving (Phoenix)' },
  { zone: 'America/Boise', label: 'Mountain (Boise)' },
  { zone: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { zone: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { zone: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { zone: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
];

export const PracticeDetails = z.object({
  name: z.string(),
  /** Ten digits. */
  phone: z.string(),
  /** '' when e-mails are not copied. */
  bccEmail: z.string(),
  supportName: z.string(),
  supportEmail: z.string(),
  timeZone: z.string(),
});
export type PracticeDetails = z.infer<typeof PracticeDetails>;

export const AllocationAndMemberships = z.object({
  doesAllocateProcedures: z.boolean(),
  membershipDays: z.number().int(),
});
export type AllocationAndMemberships = z.infer<typeof AllocationAndMemberships>;

export const PracticeSettings = z.object({
  practice: PracticeDetails,
  allocation: AllocationAndMemberships,
  /** Procedure allocation is Open Dental's alone. */
  gatewayCode: GatewayCode,
});
export type PracticeSettings = z.infer<typeof PracticeSettings>;

export const practiceSettings = get('/api/settings/practice', {
  summary:
    "The current practice's details as patients see them, its BCC address, support contact and time zone, and its allocation and membership settings.",
  value: PracticeSettings,
});

export const savePracticeDetails = post('/api/settings/practice', {
  summary:
    "Saves the current practice's name and phone as patients see them, the BCC address of its patients' e-mails, its support contact and its time zone.",
  body: z
    .object({
      name: PracticeName,
      phone: PracticePhone,
      bccEmail: BccEmail,
      supportName: z.string().trim().max(120, 'must be at most 120 characters'),
      supportEmail: OptionalEmail,
      timeZone: TimeZone,
    })
    .strict(),
  value: PracticeSettings,
});

export const saveAllocationAndMemberships = post('/api/settings/allocationAndMemberships', {
  summary:
    'Saves whether payments are allocated to procedures (Open Dental only) and how many days before a membership ends its notice goes.',
  body: z
    .object({
      doesAllocateProcedures: z.boolean(),
      membershipDays: MembershipDays,
    })
    .strict(),
  value: PracticeSettings,
});

export const settingsChanges = get('/api/settings/changes', {
  summary:
    "The audit log's entries of the current practice's settings, newest first, in pages of ten: who changed what, when, before and after.",
  query: z.object({ page: wholeNumber(1, 100_000).default(1) }).strict(),
  value: AuditPage,
});
