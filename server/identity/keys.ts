/**
 * The provider's signing key and cookie keys, made once and kept in the database. Tokens signed
 * before a restart still verify after it.
 */
import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.js';
import { oidcKeys } from '../db/schema/index.js';

export interface IdentityKeys {
  signing: JWK[];
  cookies: string[];
}

/**
 * The transaction lock (pg_advisory_xact_lock) taken to create the keys; the number is arbitrary
 * and only has to be this lock's alone.
 */
const KEYS_LOCK = 2_200_002;

/**
 * Reads the keys, creating any kind that is missing. Several instances may start together on an
 * empty database: without the lock each would create its own key and know only its own, so that a
 * token signed by one would fail on another. Under it, the first creates them and the others read
 * them. (On PGlite, one process, the lock is simply free.)
 */
export async function loadOrCreateKeys(db: Db): Promise<IdentityKeys> {
  const read = async (from: Pick<Db, 'select'>) => {
    // In the order made: the first cookie key also derives the signed links' key (signedLinkKey).
    const rows = await from.select().from(oidcKeys).orderBy(asc(oidcKeys.id));
    return {
      signing: rows.filter((r) => r.kind === 'signing').map((r) => r.material as JWK),
      cookies: rows.filter((r) => r.kind === 'cookie').map((r) => (r.material as { key: string }).key),
    };
  };
  const found = await read(db);
  if (found.signing.length > 0 && found.cookies.length > 0) return found;
  // Made before the lock is taken: an RSA key takes a moment, and the others wait on the lock.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const cookieKey = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
    const current = await read(tx);
    if (current.signing.length === 0) {
      await tx.insert(oidcKeys).values({ kind: 'signing', material: jwk as Record<string, unknown> });
      current.signing = [jwk];
    }
    if (current.cookies.length === 0) {
      await tx.insert(oidcKeys).values({ kind: 'cookie', material: { key: cookieKey } });
      current.cookies = [cookieKey];
    }
    return current;
  });
}

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use, crv, x, y } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
  ) as JWK;
}

/**
 * The key that signs the server's short-lived links (a CSV export's download), derived from the
 * first cookie key: kept in the database like it, so every server on one database accepts the
 * links any of them made, and separate from it, so a link's signature is never a cookie's.
 */
export function signedLinkKey(keys: IdentityKeys): Buffer {
  return Buffer.from(hkdfSync('sha256', keys.cookies[0]!, '', 'chairside signed links', 32));
}
