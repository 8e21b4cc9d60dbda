/**
 * The admin area's calls (spec part 2, section 2): only a platform administrator (isAdmin) may make
 * them, and the server checks it on every one. This file holds what every admin screen shares: the
 * audit log that each admin change writes, read on the practice's and the user's pages.
 */
import { z } from 'zod';
import { GatewayCode, Id, wholeNumber } from './common.js';
import { get } from './endpoint.js';

/** An admin list's page: ten rows, like every list of the portal. */
export const ADMIN_PAGE_SIZE = 10;

export const AuditEntry = z.object({
  id: z.number().int(),
  /** When (ISO). */
  at: z.string(),
  actorUserId: z.number().int(),
  actorEmail: z.string(),
  /** A dotted name: `company.create`, `user.roles`, `gateway.update`, `company.loginAs`… */
  action: z.string(),
  companyId: z.number().int().nullable(),
  targetType: z.string(),
  targetId: z.string(),
  /** The changed fields before and after; secrets appear masked. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  /** How many entries match, over all pages. */
  totalCount: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;

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
  doesAllocateProcedures: z.boolean(),
  membershipDays: z.number().int(),
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
