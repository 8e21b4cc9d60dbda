/**
 * The audit log's entries as the API answers them: who changed what, when, with each changed field's
 * value before and after. Read in the admin area (admin.ts) and, for a practice's settings, on its
 * Settings page (practiceSettings.ts).
 */
import { z } from 'zod';

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
