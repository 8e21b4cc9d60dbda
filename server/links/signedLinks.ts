/**
 * Download links that carry their own credential: a JSON payload (what to read, for whom, until
 * when) and its HMAC-SHA256 under the server's link key, base64url, one dot between. The browser
 * downloads by navigating to the link, without a bearer token, and nobody can widen what it reads.
 * The transactions export and the reports' exports mint and read their links here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BadRequestError } from '../errors.js';

/** How long an export link works (wall time: the link's life, not a business date). */
export const EXPORT_LINK_TTL_MS = 60_000;

/** A link's token as `signedToken` writes it: the payload and its signature, and nothing else. */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** The token of a link that works until `EXPORT_LINK_TTL_MS` from now, and when it stops. */
export function signedToken(key: Buffer, claims: object): { token: string; expires: Date } {
  const exp = Date.now() + EXPORT_LINK_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
  return { token: `${payload}.${sign(key, payload).toString('base64url')}`, expires: new Date(exp) };
}

/**
 * The claims a token carries, once its signature and its time are checked. `what` names the thing
 * to export again in the refusal ("the list", "the report").
 */
export function claimsOfToken(key: Buffer, token: string, what: string): Record<string, unknown> {
  // The signature is compared as the text signedToken wrote, not as the bytes it decodes to: base64url
  // decoding skips what it cannot read, and a third `.segment` would be ignored by a split.
  const [, payload, signature] = TOKEN_SHAPE.exec(token) ?? [];
  const given = Buffer.from(signature ?? '');
  const expected = Buffer.from(payload ? sign(key, payload).toString('base64url') : '');
  if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new BadRequestError('query.token', `This export link is not valid. Export ${what} again.`);
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof claims.exp !== 'number' || Date.now() > claims.exp) {
    throw new BadRequestError('query.token', `This export link has expired. Export ${what} again.`);
  }
  return claims;
}
