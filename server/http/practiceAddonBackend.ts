/**
 * Plays the backend of a practice system's add-on for examples/practice-addon: the practice system's
 * own sign-in (its demo user, a signed session cookie), and, for a signed-in user only, an access
 * token from the identity provider with the client-credentials grant and the integration's client
 * secret, the way a partner's own server would. The add-on page hands that token to the SDK through
 * `getToken`. Sandbox only: a real partner keeps all of this on its own server.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { API_SCOPE } from '../identity/provider.js';
import { DEMO_INTEGRATION, HOST_DEMO_USER } from '../practice-addon/demo.js';
import { hostSessions } from '../practice-addon/hostSession.js';

export const ADDON_PATH = '/sandbox/practice-addon';
export const ADDON_SESSION_PATH = `${ADDON_PATH}/session`;
export const ADDON_SIGN_OUT_PATH = `${ADDON_PATH}/sign-out`;
export const ADDON_TOKEN_PATH = `${ADDON_PATH}/token`;

const SignIn = z.object({ userName: z.string().trim().max(100), password: z.string().max(200) });

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compares in constant time (digests first, so the lengths match). */
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

function hostUser(userName: string) {
  return userName === HOST_DEMO_USER.userName
    ? { userName, name: HOST_DEMO_USER.name, practiceName: HOST_DEMO_USER.practiceName }
    : null;
}

export function practiceAddonBackend(opts: { publicUrl: string; db: Db }) {
  const sessions = hostSessions(opts.db, { secure: opts.publicUrl.startsWith('https:') });

  return async (app: FastifyInstance) => {
    app.get(ADDON_SESSION_PATH, async (req, reply) => {
      const session = await sessions.read(req, Date.now());
      const user = session ? hostUser(session.userName) : null;
      return reply.header('cache-control', 'no-store').send({ signedIn: user !== null, user });
    });

    // A refused sign-in is an answer for the form (200 with the message), as the identity provider's
    // own sign-in page answers: the browser then logs no failed request on the host's page.
    app.post(ADDON_SESSION_PATH, async (req, reply) => {
      const form = SignIn.safeParse(req.body ?? {});
      if (!form.success) return reply.status(400).send({ error: 'Send a user name and a password.' });
      const refuse = (error: string) =>
        reply.header('cache-control', 'no-store').send({ signedIn: false, user: null, error });
      const { userName, password } = form.data;
      if (!userName || !password) return refuse('Enter your user name and password.');
      const valid = same(userName, HOST_DEMO_USER.userName) && same(password, HOST_DEMO_USER.password);
      if (!valid) return refuse('The user name or password is incorrect.');
      await sessions.start(reply, HOST_DEMO_USER.userName, Date.now());
      return reply.header('cache-control', 'no-store').send({ signedIn: true, user: hostUser(userName) });
    });

    app.post(ADDON_SIGN_OUT_PATH, async (_req, reply) => {
      sessions.end(reply);
      return reply.header('cache-control', 'no-store').send({ signedIn: false, user: null });
    });

    app.post(ADDON_TOKEN_PATH, async (req, reply) => {
      // The add-on acts for the practice system's signed-in user, never for a stranger.
      if (!(await sessions.read(req, Date.now()))) {
        return reply.status(401).send({ error: 'Sign in to the practice system first.' });
      }
      const basic = Buffer.from(`${DEMO_INTEGRATION.clientId}:${DEMO_INTEGRATION.secret}`).toString('base64');
      const res = await fetch(`${opts.publicUrl}/oidc/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          scope: API_SCOPE,
          resource: `${opts.publicUrl}/api`,
        }).toString(),
      });
      const body = (await res.json()) as {
        access_token?: string;
        expires_in?: number;
        error_description?: string;
      };
      if (!res.ok || !body.access_token) {
        return reply
          .status(502)
          .send({ error: body.error_description ?? 'The identity provider refused the add-on.' });
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ accessToken: body.access_token, expiresIn: body.expires_in });
    });
  };
}
