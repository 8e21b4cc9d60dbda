/** Session: the login call after sign-in, practice switching, terms of service. */
import { z } from 'zod';
import { GatewayCode, Id, Role } from './common.js';
import { get, post } from './endpoint.js';

export const CompanySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  gatewayCode: GatewayCode,
});
export type CompanySummary = z.infer<typeof CompanySummary>;

/** The spec's login response value (part 1, section 3), plus the caller's roles in this practice. */
export const LoginValue = z.object({
  userFirstLastName: z.string(),
  userEmail: z.string(),
  companyId: z.number().int(),
  gatewayCode: GatewayCode,
  businessId: z.string(),
  /** Whether its patients are surcharged: on, at a rate its state allows (rules/surcharge.ts). */
  hasSurcharging: z.boolean(),
  appId: z.string(),
  poyntStoreId: z.string(),
  releaseVersion: z.string(),
  version: z.string(),
  doesAllocateProcedures: z.boolean(),
  membershipDays: z.number().int(),
  companyName: z.string(),
  companies: z.array(CompanySummary),
  isAdmin: z.boolean(),
  companyPhone: z.string(),
  bccOnSystemEmail: z.boolean(),
  termsOfService: z.boolean(),
  /** When the user last opened the notification bell (ISO), or null. */
  companyNotificationsViewed: z.string().nullable(),
  /** The user's roles in the current practice, as the identity provider's token carries them. */
  roles: z.array(Role),
  userId: z.number().int(),
  userPhone: z.string(),
  /** Where Support leads (System Admin): a web or e-mail address; empty for the built-in mailbox. */
  supportLink: z.string(),
  /** The platform's maintenance notice for every page, or null when there is none. */
  maintenanceBanner: z.string().nullable(),
});
export type LoginValue = z.infer<typeof LoginValue>;

export const login = post('/api/auth/login', {
  writes: 'caller',
  summary: 'Starts a session after sign-in and returns the session fields.',
  body: z.object({ nameChanged: z.boolean().optional() }),
  value: LoginValue,
});

export const loginCompany = post('/api/auth/login-company', {
  writes: 'caller',
  summary: 'Switches the current practice to one the user belongs to.',
  body: z.object({ companyId: Id }),
  value: LoginValue,
});

export const loginFromCompany = post('/api/auth/loginFromCompany', {
  writes: 'caller',
  summary: 'An administrator enters any practice (from the admin area).',
  body: z.object({ id: Id }),
  value: LoginValue,
});

export const acceptTermsOfService = post('/api/auth/acceptTermsOfService', {
  writes: 'caller',
  summary: 'Records that the user accepted the terms of service.',
  value: z.object({ termsOfService: z.literal(true), acceptedAt: z.string() }),
});

export const termsOfService = get('/api/auth/termsOfService', {
  summary: 'The current terms of service text.',
  value: z.object({ version: z.string(), text: z.string() }),
});
