/**
 * The admin area's calls (spec part 2, section 2): only a platform administrator (isAdmin) may make
 * them, and the server checks it on every one. This file holds what every admin screen shares: the
 * audit log that each admin change writes, read on the practice's and the user's pages.
 */
import { z } from 'zod';
import { eachOnce, GatewayCode, Id, Role, wholeNumber } from './common.js';
import { AuditPage } from './audit.js';
import { get, post } from './endpoint.js';
import { BccEmail, MembershipDays, PracticeName, PracticePhone } from './practiceSettings.js';
import { SurchargeRateBps, UsStateCode } from './settings.js';

/** An admin list's page: ten rows, like every list of the portal. */
export const ADMIN_PAGE_SIZE = 10;

export { AuditEntry, AuditPage } from './audit.js';

export const adminAudit = get('/api/admin/audit', {
  summary:
    'The audit log, newest first, in pages of ten: every entry, or those of one practice, or of one record.',
  query: z
    .object({
      companyId: Id.optional(),
      targetType: z.string().max(40).optional(),
      targetId: z.string().max(80).optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: AuditPage,
});

// ── Practices (the Dentists screen) ───────────────────────────────────────────────────────────

/**
 * What a practice's row says of it, from its records: `ACTIVE` (it took a payment in the last 30
 * days), `QUIET` (it has people but took none), `NO_USERS` (nobody can sign in to it yet).
 */
export const PracticeStatus = z.enum(['ACTIVE', 'QUIET', 'NO_USERS']);
export type PracticeStatus = z.infer<typeof PracticeStatus>;

export const AdminCompanyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  gatewayCode: GatewayCode,
  clinics: z.number().int(),
  users: z.number().int(),
  /** Approved payments of the last 30 days (the sandbox clock), in cents, refunds not taken off. */
  volume30Days: z.number().int(),
  status: PracticeStatus,
});
export type AdminCompanyRow = z.infer<typeof AdminCompanyRow>;

export const adminCompanies = get('/api/admin/companies', {
  summary:
    "Every practice on the platform, by name, in pages of ten: found by its name, its id or its practice system's code.",
  query: z
    .object({
      search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({ companies: z.array(AdminCompanyRow), totalCount: z.number().int() }),
});

/** One practice as the admin area shows it (`#/admin/company/{id}`). */
export const AdminCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  gatewayCode: GatewayCode,
  phone: z.string(),
  /** When it was set up (ISO). */
  created: z.string(),
  hasSurcharging: z.boolean(),
  /** Basis points: 300 is 3.00 %. */
  surchargeRateBps: z.number().int(),
  /** The practice's state (its law may forbid or cap the surcharge); null until set. */
  state: z.string().nullable(),
  doesAllocateProcedures: z.boolean(),
  membershipDays: z.number().int(),
  /** Where a copy of every e-mail to a patient goes; '' for none. */
  bccEmail: z.string(),
  gateway: z.object({ businessId: z.string(), appId: z.string(), storeId: z.string() }),
  clinics: z.array(
    z.object({ clinicNum: z.number().int(), description: z.string(), isHeadquarters: z.boolean() }),
  ),
  people: z.array(
    z.object({
      userId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      isAdmin: z.boolean(),
      roles: z.array(z.string()),
    }),
  ),
  /** The practice system's posting queue: what waits, what failed, and the last posting that went through. */
  postings: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    lastPosted: z.string().nullable(),
  }),
  volume30Days: z.number().int(),
  status: PracticeStatus,
});
export type AdminCompany = z.infer<typeof AdminCompany>;

export const adminCompany = get('/api/admin/company', {
  summary:
    'One practice: its profile and settings, gateway, clinics, people and roles, and its posting queue.',
  query: z.object({ id: Id }).strict(),
  value: AdminCompany,
});

// ── People (Admin Users) ──────────────────────────────────────────────────────────────────────

/** A person's name part as an administrator types it. */
const PersonName = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

/** An e-mail address to sign in with: one address, stored lower-case. */
export const SignInEmail = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('is not a valid e-mail address'))
  .transform((email) => email.toLowerCase());

/** A person's access to one practice: the roles they have there. */
export const PracticeAccess = z.object({
  companyId: Id,
  roles: eachOnce(z.array(Role).max(Role.options.length), { keyOf: (r) => r, message: 'is listed twice' }),
});
export type PracticeAccess = z.infer<typeof PracticeAccess>;

export const AdminUserRow = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** When the account was disabled (ISO), or null. */
  disabledAt: z.string().nullable(),
  /** They have set a password (an invited person who has not yet is `false`). */
  active: z.boolean(),
  /** The practices they belong to, by name (the first three), and how many in all. */
  practiceNames: z.array(z.string()),
  practices: z.number().int(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const adminUsers = get('/api/admin/users', {
  summary:
    'Every person who can sign in, by name, in pages of ten: found by their name, e-mail address or id.',
  query: z
    .object({
      search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({ users: z.array(AdminUserRow), totalCount: z.number().int() }),
});

export const AdminUser = AdminUserRow.omit({ practiceNames: true, practices: true }).extend({
  phone: z.string(),
  /** When the account was made (ISO). */
  created: z.string(),
  /** The practice they work in now. */
  currentCompanyId: z.number().int().nullable(),
  memberships: z.array(
    z.object({ companyId: z.number().int(), companyName: z.string(), roles: z.array(Role) }),
  ),
  /** An invitation sent and not yet used, and when it expires (ISO). */
  invitationExpires: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const adminUser = get('/api/admin/user', {
  summary:
    'One person: their account, the practices they belong to with their roles there, and an open invitation.',
  query: z.object({ id: Id }).strict(),
  value: AdminUser,
});

/** Who to invite: a new person, and the practice (with their roles there) they get at once. */
export const Invitee = z.object({
  firstName: PersonName,
  lastName: PersonName,
  email: SignInEmail,
});

export const inviteUser = post('/api/admin/user/invite', {
  summary:
    'Creates an account for a new person with their roles in one practice, and e-mails them a link to set their password (7 days).',
  body: Invitee.extend({ access: PracticeAccess }).strict(),
  value: z.object({ userId: z.number().int() }),
});

export const resendInvitation = post('/api/admin/user/resendInvitation', {
  summary: 'E-mails a person who has not set a password yet a new invitation link.',
  body: z.object({ id: Id }).strict(),
  value: z.object({ invitationExpires: z.string() }),
});

export const setUserAccess = post('/api/admin/user/access', {
  summary:
    'Sets what a person may do: administrator or not, and their roles in each practice they belong to (a practice left out is taken away). Holds from their next call.',
  body: z
    .object({
      id: Id,
      isAdmin: z.boolean(),
      memberships: eachOnce(z.array(PracticeAccess).max(500), {
        keyOf: (m) => m.companyId,
        field: 'companyId',
        message: 'is listed twice',
      }),
    })
    .strict(),
  value: AdminUser,
});

export const setUserDisabled = post('/api/admin/user/disable', {
  summary:
    "Disables a person's account, or enables it again. A disabled account's tokens and refresh tokens are refused from the next call, on every server instance, and its hub connections close.",
  body: z.object({ id: Id, disabled: z.boolean() }).strict(),
  value: AdminUser,
});

// ── A new practice (New Dentist) ──────────────────────────────────────────────────────────────

/** An id at the card-entry provider, as it accepts them. */
const ProviderAccountId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(80, 'must be at most 80 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may hold letters, digits and _ . : - only');

/** The practice's processor account at the card-entry provider. */
export const GatewayAccount = z.object({
  businessId: ProviderAccountId,
  appId: ProviderAccountId,
  storeId: ProviderAccountId,
});

export const createCompany = post('/api/admin/companies/create', {
  summary:
    'Sets up a practice: its profile, practice system, clinics and processor account, and invites its first user (every role) by e-mail.',
  body: z
    .object({
      name: PracticeName,
      phone: PracticePhone,
      /** The practice system: one the product knows. */
      gatewayCode: GatewayCode,
      /** Where the practice is: its law decides the surcharge. */
      state: UsStateCode,
      /** The clinics, the first being the headquarters. */
      clinics: eachOnce(
        z
          .array(z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'))
          .min(1, 'needs at least one clinic')
          .max(50),
        { keyOf: (c) => c.toLowerCase(), message: 'is listed twice' },
      ),
      gateway: GatewayAccount,
      hasSurcharging: z.boolean(),
      surchargeRateBps: SurchargeRateBps,
      firstUser: Invitee,
    })
    .strict(),
  value: z.object({ companyId: z.number().int(), userId: z.number().int() }),
});

// ── The platform (System Admin) ───────────────────────────────────────────────────────────────

/** What every person sees of the platform's settings. */
export const PlatformSettings = z.object({
  /**
   * Where the user menu's Support leads: a web address (https://…), or an e-mail address to write
   * to; empty for the built-in support mailbox.
   */
  supportLink: z
    .string()
    .trim()
    .max(300, 'must be at most 300 characters')
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || z.email().safeParse(v).success,
      'must be a web address (https://…) or an e-mail address',
    ),
  /** The release the user menu names. */
  releaseVersion: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
  /** A notice at the top of every page (planned maintenance); empty for none. */
  maintenanceBanner: z.string().trim().max(300, 'must be at most 300 characters'),
});
export type PlatformSettings = z.infer<typeof PlatformSettings>;

export const TermsOfService = z.object({
  version: z.string(),
  text: z.string(),
  /** When it was published (ISO); null for the sandbox's built-in text. */
  publishedAt: z.string().nullable(),
});

export const adminPlatform = get('/api/admin/platform', {
  summary: "The platform's settings and the terms of service in force.",
  value: z.object({ settings: PlatformSettings, terms: TermsOfService }),
});

export const savePlatformSettings = post('/api/admin/platform/settings', {
  summary:
    "Saves the platform's settings: the support link and release version of the user menu, and the maintenance banner.",
  body: PlatformSettings.strict(),
  value: PlatformSettings,
});

export const publishTerms = post('/api/admin/platform/terms', {
  summary:
    'Publishes a new version of the terms of service: from the next call, every person must accept it before anything else.',
  body: z
    .object({
      version: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(40, 'must be at most 40 characters')
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'may hold letters, digits and . _ - only'),
      text: z.string().trim().min(1, 'is required').max(50_000, 'must be at most 50,000 characters'),
    })
    .strict(),
  value: TermsOfService,
});

// ── Gateways ──────────────────────────────────────────────────────────────────────────────────

export const GatewayRow = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  gatewayCode: GatewayCode,
  businessId: z.string(),
  appId: z.string(),
  storeId: z.string(),
  terminals: z.number().int(),
  hasSurcharging: z.boolean(),
  surchargeRateBps: z.number().int(),
  /** The practice's state (its law may forbid or cap the surcharge); null until set. */
  state: z.string().nullable(),
  /** An API key is on file. */
  hasApiKey: z.boolean(),
});
export type GatewayRow = z.infer<typeof GatewayRow>;

export const adminGateways = get('/api/admin/gateways', {
  summary:
    "Every practice's processor account, by practice name, in pages of ten: found by the practice's name or id, or the business id.",
  query: z
    .object({
      search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({ gateways: z.array(GatewayRow), totalCount: z.number().int() }),
});

export const Terminal = z.object({
  label: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  serialNumber: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(40, 'must be at most 40 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'may hold letters, digits and - only'),
});

export const Gateway = GatewayRow.omit({ terminals: true, hasApiKey: true }).extend({
  terminals: z.array(z.object({ id: z.number().int(), label: z.string(), serialNumber: z.string() })),
  /** The API key on file, masked (its last four characters), and when it was set; null when none. */
  apiKey: z.object({ masked: z.string(), updated: z.string() }).nullable(),
});
export type Gateway = z.infer<typeof Gateway>;

export const adminGateway = get('/api/admin/gateway', {
  summary: "One practice's processor account: its ids, terminals, surcharge and API key (masked).",
  query: z.object({ companyId: Id }).strict(),
  value: Gateway,
});

export const saveGateway = post('/api/admin/gateway', {
  summary:
    "Saves a practice's processor account: its ids, terminals, surcharge (at most 3 %) and, when given, a new API key, which is never answered back in full.",
  body: GatewayAccount.extend({
    companyId: Id,
    hasSurcharging: z.boolean(),
    surchargeRateBps: SurchargeRateBps,
    terminals: eachOnce(z.array(Terminal).max(50, 'may list at most 50 terminals'), {
      keyOf: (t) => t.serialNumber.toUpperCase(),
      field: 'serialNumber',
      message: 'is listed twice',
    }),
    /** A new API key; left out, the one on file stays. */
    apiKey: z
      .string()
      .trim()
      .min(12, 'must be at least 12 characters')
      .max(200, 'must be at most 200 characters')
      .optional(),
  }).strict(),
  value: Gateway,
});

export const testGateway = post('/api/admin/gateway/test', {
  writes: 'nothing',
  summary: "Asks the card-entry provider whether it accepts the practice's processor account and API key.",
  body: z.object({ companyId: Id }).strict(),
  value: z.object({ ok: z.boolean(), message: z.string() }),
});

// ── A practice's profile ─────────────────────────────────────────────────────────────────────

export const saveCompanyProfile = post('/api/admin/company', {
  summary:
    "Saves a practice's profile and settings: its name and phone as patients see them, procedure allocation (Open Dental only), the membership notice days and the BCC address of the e-mails to its patients.",
  body: z
    .object({
      id: Id,
      name: PracticeName,
      phone: PracticePhone,
      doesAllocateProcedures: z.boolean(),
      membershipDays: MembershipDays,
      bccEmail: BccEmail,
    })
    .strict(),
  value: AdminCompany,
});
