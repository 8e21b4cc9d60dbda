/**
 * The session the portal keeps on the device after login (spec part 1, section 3): who is signed
 * in, the current practice and its settings, the practices to switch to, and whether the terms were
 * accepted. It is read back through a schema: storage is shared with every script of the origin and
 * with older versions of the portal, so it proves nothing until checked.
 */
import { z } from 'zod/mini';
import type { CompanySummary, LoginValue } from '../../embed-sdk/contract/auth.js';
import { ALL_ROLES, type GatewayCode, type Role } from '../../embed-sdk/contract/common.js';

export const GATEWAY_CODES = ['DENTRIX', 'OPENDENTAL', 'DENTRIXNH', 'EAGLESOFT'] as const;

/** The spec: "The gateway code kept on the device defaults to OPENDENTAL when none is stored." */
export const DEFAULT_GATEWAY_CODE: GatewayCode = 'OPENDENTAL';

const gatewayCode = z.catch(z._default(z.enum(GATEWAY_CODES), DEFAULT_GATEWAY_CODE), DEFAULT_GATEWAY_CODE);

export const SessionSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** The user's id and phone: live chat identifies the person with them. */
  userId: z.number(),
  phone: z.string(),
  companyId: z.number(),
  gatewayCode,
  businessId: z.string(),
  hasSurcharging: z.boolean(),
  /** The card terminal's app id (the spec's poyntAppId) and store id. */
  terminalAppId: z.string(),
  storeId: z.string(),
  releaseVersion: z.string(),
  version: z.string(),
  config: z.object({ doesAllocateProcedures: z.boolean(), membershipDays: z.number() }),
  companyName: z.string(),
  companies: z.array(z.object({ id: z.number(), name: z.string(), gatewayCode })),
  isAdmin: z.boolean(),
  /** The app the session belongs to; the portal's is the dashboard. */
  app: z.literal('dashboard'),
  companyPhone: z.string(),
  bccOnSystemEmail: z.boolean(),
  termsOfService: z.boolean(),
  /** When the user last opened the notification bell (ISO), or null. */
  companyNotificationsViewed: z.nullable(z.string()),
  /** The user's roles in the current practice, as the server said at login. */
  roles: z.array(z.enum(ALL_ROLES as unknown as [Role, ...Role[]])),
  /** Where Support leads (System Admin); empty for the built-in mailbox. Absent in older sessions. */
  supportLink: z._default(z.string(), ''),
  /** The platform's maintenance notice, or null. */
  maintenanceBanner: z._default(z.nullable(z.string()), null),
});

export type Session = z.infer<typeof SessionSchema>;

/** The session fields from the login response (login, login-company and loginFromCompany). */
export function sessionFromLogin(value: LoginValue): Session {
  return {
    name: value.userFirstLastName,
    email: value.userEmail,
    userId: value.userId,
    phone: value.userPhone,
    companyId: value.companyId,
    gatewayCode: value.gatewayCode ?? DEFAULT_GATEWAY_CODE,
    businessId: value.businessId,
    hasSurcharging: value.hasSurcharging,
    terminalAppId: value.appId,
    storeId: value.poyntStoreId,
    releaseVersion: value.releaseVersion,
    version: value.version,
    config: { doesAllocateProcedures: value.doesAllocateProcedures, membershipDays: value.membershipDays },
    companyName: value.companyName,
    companies: value.companies.map((c: CompanySummary) => ({
      id: c.id,
      name: c.name,
      gatewayCode: c.gatewayCode,
    })),
    isAdmin: value.isAdmin,
    app: 'dashboard',
    companyPhone: value.companyPhone,
    bccOnSystemEmail: value.bccOnSystemEmail,
    termsOfService: value.termsOfService,
    companyNotificationsViewed: value.companyNotificationsViewed,
    roles: [...value.roles],
    supportLink: value.supportLink,
    maintenanceBanner: value.maintenanceBanner,
  };
}

export function hasRole(session: Pick<Session, 'roles'>, role: Role): boolean {
  return session.roles.includes(role);
}

export function hasAnyRole(session: Pick<Session, 'roles'>, roles: readonly Role[]): boolean {
  return roles.some((role) => session.roles.includes(role));
}
