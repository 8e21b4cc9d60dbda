/**
 * Each practice's tunnel key: the secret its practice-system connector presents with its heartbeat.
 * An administrator rotates it (`#/admin/showTunnelKey`); the new key is answered in full that once and
 * kept only as its SHA-256 (a random 32-byte key needs no slow hash) and its last four characters.
 * It waits as the pending key until the connector's next heartbeat, which makes it current: from
 * then on the old key is refused. The sandbox's own connectors take the new key at once (they stand
 * for a connector its operator gave the key), so their next heartbeat makes it current too.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { TunnelKeyState } from '../../embed-sdk/contract/connectors.js';
import { recordAudit, type AuditActor } from '../admin/audit.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { companies, connectorKeys } from '../db/schema/index.js';
import { NotFoundError, UnauthorizedError } from '../errors.js';

/** Every tunnel key starts so, which tells it from other secrets in a connector's settings. */
const TUNNEL_KEY_PREFIX = 'cstk_';

/** A key as every screen and the audit log show it: its prefix and last four characters. */
const maskedTunnelKey = (lastFour: string) => `${TUNNEL_KEY_PREFIX}••••••••${lastFour}`;

const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
const last4 = (key: string) => key.slice(-4);

/**
 * The statement that makes the pending key current for the practices in `companyIds` (a subquery or
 * a list) that have one: their connector has just sent a heartbeat.
 */
export function promotePendingKeysSql(companyIds: SQL, now: Date): SQL {
  const k = connectorKeys;
  return sql`update ${k}
                set key_hash = ${k.pendingKeyHash}, key_last4 = ${k.pendingKeyLast4}, key_since = ${now},
                    pending_key_hash = null, pending_key_last4 = null
              where ${k.pendingKeyHash} is not null and ${k.companyId} in (${companyIds})
          returning ${k.companyId}`;
}

type KeyRow = typeof connectorKeys.$inferSelect;

function stateOf(companyId: number, companyName: string, row: KeyRow | undefined): TunnelKeyState {
  return {
    companyId,
    companyName,
    current:
      row?.keyLast4 && row.keySince
        ? { masked: maskedTunnelKey(row.keyLast4), since: row.keySince.toISOString() }
        : null,
    pending:
      row?.pendingKeyLast4 && row.rotatedAt
        ? {
            masked: maskedTunnelKey(row.pendingKeyLast4),
            rotatedAt: row.rotatedAt.toISOString(),
            rotatedBy: row.rotatedBy ?? '',
          }
        : null,
  };
}

async function practiceName(db: Db | Tx, companyId: number): Promise<string> {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw new NotFoundError('The practice');
  return c.name;
}

export async function tunnelKeyState(db: Db, companyId: number): Promise<TunnelKeyState> {
  const name = await practiceName(db, companyId);
  const [row] = await db.select().from(connectorKeys).where(eq(connectorKeys.companyId, companyId));
  return stateOf(companyId, name, row);
}

/** A new key for the practice's connector, pending until its next heartbeat; the key in full, once. */
export async function rotateTunnelKey(
  ctx: AppContext,
  actor: AuditActor,
  companyId: number,
): Promise<TunnelKeyState & { key: string }> {
  const now = ctx.clock.now();
  const key = `${TUNNEL_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return ctx.db.transaction(async (tx) => {
    const name = await practiceName(tx, companyId);
    const [before] = await tx.select().from(connectorKeys).where(eq(connectorKeys.companyId, companyId));
    const values = {
      pendingKeyHash: hashOf(key),
      pendingKeyLast4: last4(key),
      rotatedAt: now,
      rotatedBy: actor.email,
    };
    const [row] = await tx
      .insert(connectorKeys)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: connectorKeys.companyId, set: values })
      .returning();
    // Masked on both sides: the audit log never holds a key.
    await recordAudit(
      tx,
      actor,
      {
        action: 'connector.rotateKey',
        companyId,
        targetType: 'company',
        targetId: companyId,
        before: {
          current: before?.keyLast4 ? maskedTunnelKey(before.keyLast4) : null,
          pending: before?.pendingKeyLast4 ? maskedTunnelKey(before.pendingKeyLast4) : null,
        },
        after: {
          current: before?.keyLast4 ? maskedTunnelKey(before.keyLast4) : null,
          pending: maskedTunnelKey(last4(key)),
        },
      },
      now,
    );
    return { ...stateOf(companyId, name, row), key };
  });
}

const sameHash = (a: string | null, b: string) =>
  a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks a key a connector presents: the current key, or the pending one, which this heartbeat makes
 * current (and the old one stops working). Anything else is refused.
 */
export async function acceptConnectorKey(
  tx: Tx,
  companyId: number,
  key: string,
  now: Date,
): Promise<{ keyTookEffect: boolean }> {
  const [row] = await tx
    .select()
    .from(connectorKeys)
    .where(eq(connectorKeys.companyId, companyId))
    .for('update');
  const hash = hashOf(key);
  if (row && sameHash(row.keyHash, hash)) return { keyTookEffect: false };
  if (row && sameHash(row.pendingKeyHash, hash)) {
    await tx.execute(promotePendingKeysSql(sql`${companyId}`, now));
    return { keyTookEffect: true };
  }
  throw new UnauthorizedError("This is not the practice's tunnel key.");
}
