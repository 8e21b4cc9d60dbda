/**
 * The practices' practice-system integrations (practice_integrations): each is a confidential OAuth
 * client of one practice. Its backend exchanges the client secret for a short-lived token (client
 * credentials, identity/provider.ts); the token carries only the roles the practice granted it. Only
 * a scrypt hash of the secret is kept.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Role } from '../../embed-sdk/contract/common.js';
import type { Integration, IntegrationRole } from '../../embed-sdk/contract/settings.js';
import type { AuditActor } from '../admin/audit.js';
import type { Db } from '../db/client.js';
import { auditedSetting } from './audited.js';
import { practiceIntegrations } from '../db/schema/settings.js';
import { hashPassword, verifyPassword } from '../identity/passwords.js';

type Row = typeof practiceIntegrations.$inferSelect;

/** Roles as stored, less any name the contract does not know (a role renamed since). */
const knownRoles = (roles: readonly string[]): Role[] =>
  roles.filter((r): r is Role => Role.safeParse(r).success);

function toIntegration(row: Row): Integration {
  return {
    clientId: row.clientId,
    name: row.name,
    roles: knownRoles(row.roles),
    created: row.createdAt.toISOString(),
    revoked: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listIntegrations(db: Db, companyId: number): Promise<Integration[]> {
  const rows = await db
    .select()
    .from(practiceIntegrations)
    .where(eq(practiceIntegrations.companyId, companyId))
    .orderBy(asc(practiceIntegrations.createdAt), asc(practiceIntegrations.clientId));
  return rows.map(toIntegration);
}

/** Sets the roles of this practice's integration, audited; null when the practice has no such integration. */
export async function setIntegrationRoles(
  db: Db,
  actor: AuditActor,
  companyId: number,
  clientId: string,
  roles: readonly IntegrationRole[],
  now: Date,
): Promise<Integration | null> {
  return auditedSetting(db, actor, now, { companyId, section: 'integrations' }, async (tx) => {
    const where = and(
      eq(practiceIntegrations.companyId, companyId),
      eq(practiceIntegrations.clientId, clientId),
    );
    const [was] = await tx.select().from(practiceIntegrations).where(where).for('update');
    if (!was) return { before: {}, after: {}, result: null };
    const [row] = await tx
      .update(practiceIntegrations)
      .set({ roles: [...new Set(roles)] })
      .where(where)
      .returning();
    return {
      before: { [clientId]: [...was.roles].sort() },
      after: { [clientId]: [...row!.roles].sort() },
      result: toIntegration(row!),
    };
  });
}

export async function createIntegration(
  db: Db,
  values: {
    clientId: string;
    companyId: number;
    name: string;
    secret: string;
    roles: readonly Role[];
    now: Date;
  },
) {
  await db.insert(practiceIntegrations).values({
    clientId: values.clientId,
    companyId: values.companyId,
    name: values.name,
    secretHash: await hashPassword(values.secret),
    roles: [...values.roles],
    createdAt: values.now,
  });
}

export interface IntegrationClient {
  clientId: string;
  companyId: number;
  roles: Role[];
  secretHash: string;
}

/** A live (not revoked) integration by its client id, as the identity provider authenticates it. */
export async function findIntegrationClient(db: Db, clientId: string): Promise<IntegrationClient | null> {
  const [row] = await db
    .select()
    .from(practiceIntegrations)
    .where(and(eq(practiceIntegrations.clientId, clientId), isNull(practiceIntegrations.revokedAt)));
  if (!row) return null;
  return {
    clientId: row.clientId,
    companyId: row.companyId,
    roles: knownRoles(row.roles),
    secretHash: row.secretHash,
  };
}

export function secretMatches(secret: string, secretHash: string): Promise<boolean> {
  return verifyPassword(secret, secretHash);
}
