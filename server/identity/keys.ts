/**
 * The provider's signing key and cookie keys, made once and kept in the database. Tokens signed
 * before a restart still verify after it.
 */
import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.js';
import { oidcKeys } from '../db/schema/index.js';

export interface IdentityKeys {
  signing: JWK[];
  cookies: string[];
}

export async function loadOrCreateKeys(db: Db): Promise<IdentityKeys> {
  let signing = (await db.select().from(oidcKeys).where(eq(oidcKeys.kind, 'signing'))).map(
    (r) => r.material as JWK,
  );
  if (signing.length === 0) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    await db.insert(oidcKeys).values({ kind: 'signing', material: jwk as Record<string, unknown> });
    signing = [jwk];
  }
  let cookies = (await db.select().from(oidcKeys).where(eq(oidcKeys.kind, 'cookie'))).map(
    (r) => (r.material as { key: string }).key,
  );
  if (cookies.length === 0) {
    const key = randomBytes(32).toString('base64url');
    await db.insert(oidcKeys).values({ kind: 'cookie', material: { key } });
    cookies = [key];
  }
  return { signing, cookies };
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
