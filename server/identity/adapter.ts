/**
 * oidc-provider's storage adapter on the sandbox database: sessions, interactions, codes, grants
 * and refresh tokens live in one table, so a restart signs nobody out. Clients other than the
 * static ones are the practices' integrations (integrationClients.ts).
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { oidcPayloads } from '../db/schema/index.js';
import { integrationClientMetadata } from './integrationClients.js';

const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** `scope`: what an integration's client may ask for (the API's scope). */
export function createAdapterFactory(db: Db, scope: string) {
  return class DrizzleAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const row = {
        id,
        type: this.type,
        payload: payload as Record<string, unknown>,
        grantId: GRANTABLE.has(this.type) || this.type === 'Grant' ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.type, oidcPayloads.id],
          set: {
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt: row.expiresAt,
          },
        });
    }

    private async findWhere(where: ReturnType<typeof and>) {
      const [row] = await db.select().from(oidcPayloads).where(where).limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      if (this.type === 'Client') return integrationClientMetadata(db, id, scope);
      return this.findWhere(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.userCode, userCode)));
    }

    findByUid(uid: string) {
      return this.findWhere(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.uid, uid)));
    }

    async consume(id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Drops expired records; run now and then. */
export async function purgeExpired(db: Db) {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
