/**
 * Plays the backend of a practice system's add-on for examples/practice-addon: it holds the
 * integration's client secret and gets an access token from the identity provider with the
 * client-credentials grant, the way a partner's own server would. The add-on page then hands that
 * token to the SDK through `getToken`. Sandbox only: a real partner keeps this on its own server.
 */
import type { FastifyInstance } from 'fastify';
import { ADDON_CLIENT_ID, ADDON_CLIENT_SECRET, API_SCOPE } from '../identity/provider.js';

export const ADDON_TOKEN_PATH = '/sandbox/practice-addon/token';

export function practiceAddonBackend(opts: { publicUrl: string }) {
  return async (app: FastifyInstance) => {
    app.post(ADDON_TOKEN_PATH, async (_req, reply) => {
      const basic = Buffer.from(`${ADDON_CLIENT_ID}:${ADDON_CLIENT_SECRET}`).toString('base64');
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
