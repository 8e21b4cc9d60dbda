/**
 * The host page's own sign-in session (the practice system's, played by the sandbox): a signed,
 * HttpOnly, SameSite=Strict cookie that names the user and when the session ends. The signing key
 * is kept in the database (sandbox_state), made once by whichever instance needs it first, so
 * every instance on the database accepts the others' cookies and a restart signs nobody out.
 *
 * Hand-written with node:crypto (an HMAC over a small JSON payload): the project has no cookie
 * library, and this is the whole of what is needed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sandboxState } from '../db/schema/index.js';

export const HOST_SESSION_COOKIE = 'practice_addon_session';
/** The cookie goes only to the add-on's backend. */
export const HOST_SESSION_PATH = '/sandbox/practice-addon';
/** A working day. */
export const HOST_SESSION_TTL_MS = 8 * 60 * 60_000;

const KEY = 'practiceAddon.sessionKey';

export interface HostSession {
  userName: string;
  /** When it ends (epoch ms). */
  expires: number;
}

async function sessionKey(db: Db): Promise<Buffer> {
  // Of several instances starting at once, the first insert wins and all read the same key.
  await db
    .insert(sandboxState)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(sandboxState).where(eq(sandboxState.key, KEY));
  return Buffer.from(String(row!.value), 'base64url');
}

export function hostSessions(db: Db, opts: { secure: boolean }) {
  let key: Promise<Buffer> | null = null;
  const keyOnce = () =>
    (key ??= sessionKey(db).catch((error: unknown) => ((key = null), Promise.reject(error))));
  const mac = async (payload: string) =>
    createHmac('sha256', await keyOnce())
      .update(payload)
      .digest();

  async function seal(session: HostSession): Promise<string> {
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${payload}.${(await mac(payload)).toString('base64url')}`;
  }

  /** The session a cookie value holds, if it is signed with the key and has not ended. */
  async function open(value: string | undefined, now: number): Promise<HostSession | null> {
    const [payload, signature, extra] = (value ?? '').split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = await mac(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const session = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<HostSession>;
      if (typeof session.userName !== 'string' || typeof session.expires !== 'number') return null;
      return session.expires > now ? { userName: session.userName, expires: session.expires } : null;
    } catch {
      return null;
    }
  }

  const attributes = (maxAgeSeconds: number) =>
    [
      `Path=${HOST_SESSION_PATH}`,
      'HttpOnly',
      'SameSite=Strict',
      `Max-Age=${maxAgeSeconds}`,
      ...(opts.secure ? ['Secure'] : []),
    ].join('; ');

  return {
    seal,
    open,
    async start(reply: FastifyReply, userName: string, now: number) {
      const value = await seal({ userName, expires: now + HOST_SESSION_TTL_MS });
      reply.header(
        'set-cookie',
        `${HOST_SESSION_COOKIE}=${value}; ${attributes(HOST_SESSION_TTL_MS / 1000)}`,
      );
    },
    end(reply: FastifyReply) {
      reply.header('set-cookie', `${HOST_SESSION_COOKIE}=; ${attributes(0)}`);
    },
    /** The signed-in host user of this request, if any. */
    read(req: FastifyRequest, now: number) {
      return open(cookieValue(req.headers.cookie, HOST_SESSION_COOKIE), now);
    },
  };
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
