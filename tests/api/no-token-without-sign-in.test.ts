/**
 * No route hands out a token to someone who has not signed in (issue 17, hole 1). Every route the
 * server registers (as Fastify reports them, so a route added later is covered with no extra work)
 * is called without credentials, and the identity provider's endpoints (from its discovery
 * document) too, its token endpoint with every grant type it supports and no or a wrong client
 * secret. No answer may carry an access token: no JWT anywhere in it, no token field in its JSON.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INTEGRATION } from '../../server/practice-addon/demo.js';
import { hostSignIn } from '../support/practiceAddon.js';
import { writeFrontEnd } from '../support/frontEnd.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const dist = writeFrontEnd();
beforeAll(async () => {
  // With a front end to serve, so that its routes (the wildcard of the static files) are called too.
  server = await startTestServer({ CHAIRSIDE_DIST_DIR: dist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const JWT = /eyJ[\w-]{2,}\.eyJ[\w-]{2,}\.[\w-]*/;
const TOKEN_FIELDS = new Set([
  'access_token',
  'accessToken',
  'id_token',
  'idToken',
  'refresh_token',
  'refreshToken',
]);

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** What in an answer would be a token: a JWT anywhere, or a token field in its JSON. */
function tokensIn({ headers, text }: Answer): string[] {
  const found: string[] = [];
  for (const [name, value] of headers) if (JWT.test(value)) found.push(`a JWT in the ${name} header`);
  if (JWT.test(text)) found.push('a JWT in the body');
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (TOKEN_FIELDS.has(key) && inner) found.push(`a "${key}" field`);
        visit(inner);
      }
    }
  };
  try {
    visit(JSON.parse(text));
  } catch {
    // not JSON
  }
  return found;
}

async function send(
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const res = await fetch(url, { method, redirect: 'manual', headers: init.headers, body: init.body });
  return { status: res.status, headers: res.headers, text: method === 'HEAD' ? '' : await res.text() };
}

/** A concrete address for a route pattern: every parameter and wildcard becomes a plain segment. */
const pathOf = (url: string) => url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');

describe('the check itself', () => {
  it('finds the token a signed-in host user gets from the add-on’s backend', async () => {
    const cookie = await hostSignIn(server.url);
    const answer = await send('POST', `${server.url}/sandbox/practice-addon/token`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(tokensIn(answer)).toEqual(['a JWT in the body', 'a "accessToken" field']);
  });
});

describe('every route the server registers, without credentials', () => {
  it('answers without a token', async () => {
    const routes = server.routes;
    // The list is Fastify's own, not written here: the API, the sandbox, the add-on's backend, the
    // identity provider's pages, the hub and the front end are all in it.
    const urls = new Set(routes.map((r) => r.url));
    for (const expected of [
      '/api/auth/login',
      '/sandbox/outbox.json',
      '/sandbox/practice-addon/token',
      '/*',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(60);

    const leaks: string[] = [];
    for (const { method, url } of routes) {
      const path = pathOf(url);
      const bodies =
        method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
          ? [undefined]
          : [
              { 'content-type': 'application/json', body: '{}' },
              { 'content-type': 'application/x-www-form-urlencoded', body: '' },
            ];
      for (const body of bodies) {
        const answer = await send(method, `${server.url}${path}`, {
          headers: body ? { 'content-type': body['content-type'] } : {},
          body: body?.body,
        });
        for (const found of tokensIn(answer)) leaks.push(`${method} ${path} (${answer.status}): ${found}`);
      }
    }
    console.log(
      `no token without sign-in: ${routes.length} routes called without credentials, ${leaks.length} tokens`,
    );
    expect(leaks).toEqual([]);
  }, 120_000);

  it('refuses the add-on’s token to anyone the practice system has not signed in', async () => {
    const answer = await send('POST', `${server.url}/sandbox/practice-addon/token`);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toEqual({ error: 'Sign in to the practice system first.' });
    // A made-up or altered session cookie is no sign-in either.
    const cookie = await hostSignIn(server.url);
    const [name, value] = cookie.split('=') as [string, string];
    // The signature's second-to-last character changed (the last one holds padding bits): to another
    // character than its own, or the "altered" cookie is the real one (once in 64 sessions it was).
    const altered = `${name}=${value.slice(0, -2)}${value.at(-2) === 'A' ? 'B' : 'A'}${value.slice(-1)}`;
    for (const forged of [
      `${name}=x.y`,
      altered,
      `${name}=${Buffer.from('{"userName":"reception","expires":9e15}').toString('base64url')}.`,
    ]) {
      const refused = await send('POST', `${server.url}/sandbox/practice-addon/token`, {
        headers: { cookie: forged },
      });
      expect(refused.status, forged).toBe(401);
    }
  });
});

describe('the identity provider, without credentials', () => {
  let discovery: Record<string, unknown>;
  beforeAll(async () => {
    discovery = (await (await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
  });

  it('answers every endpoint it names without a token', async () => {
    const endpoints = Object.entries(discovery)
      .filter(
        ([key, value]) => (key.endsWith('_endpoint') || key === 'jwks_uri') && typeof value === 'string',
      )
      .map(([, value]) => value as string);
    expect(endpoints.length).toBeGreaterThanOrEqual(5);
    const leaks: string[] = [];
    for (const url of endpoints) {
      for (const method of ['GET', 'POST']) {
        const answer = await send(method, url, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: method === 'POST' ? '' : undefined,
        });
        for (const found of tokensIn(answer)) leaks.push(`${method} ${url} (${answer.status}): ${found}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('gives no token for any grant type without the right client secret', async () => {
    const grants = discovery.grant_types_supported as string[];
    expect(grants).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']),
    );
    const token = discovery.token_endpoint as string;
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const params = (grant: string, extra: Record<string, string> = {}) =>
      new URLSearchParams({
        grant_type: grant,
        scope: 'api',
        resource: `${server.url}/api`,
        code: 'made-up-code',
        code_verifier: 'made-up-verifier-made-up-verifier-made-up-verifier',
        redirect_uri: `${server.url}/`,
        refresh_token: 'made-up-refresh-token',
        ...extra,
      }).toString();
    const attempts: { what: string; headers: Record<string, string>; body: (grant: string) => string }[] = [
      { what: 'no client at all', headers: {}, body: (g) => params(g) },
      {
        what: 'the public portal client, no secret',
        headers: {},
        body: (g) => params(g, { client_id: 'chairside-portal' }),
      },
      {
        what: 'the integration, no secret',
        headers: {},
        body: (g) => params(g, { client_id: DEMO_INTEGRATION.clientId }),
      },
      {
        what: 'the integration, a wrong secret (basic)',
        headers: { authorization: basic(DEMO_INTEGRATION.clientId, 'not-the-secret') },
        body: (g) => params(g),
      },
      {
        what: 'the integration, a wrong secret (post)',
        headers: {},
        body: (g) => params(g, { client_id: DEMO_INTEGRATION.clientId, client_secret: 'not-the-secret' }),
      },
      {
        what: 'the integration, its stored hash as the secret',
        headers: { authorization: basic(DEMO_INTEGRATION.clientId, 'scrypt$16384$8$1$x$y') },
        body: (g) => params(g),
      },
    ];
    const leaks: string[] = [];
    for (const grant of grants) {
      for (const attempt of attempts) {
        const answer = await send('POST', token, {
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...attempt.headers },
          body: attempt.body(grant),
        });
        expect(answer.status, `${grant}, ${attempt.what}`).toBeGreaterThanOrEqual(400);
        for (const found of tokensIn(answer)) leaks.push(`${grant}, ${attempt.what}: ${found}`);
      }
    }
    console.log(
      `no token without sign-in: ${grants.length} grant types × ${attempts.length} ways without the secret, ${leaks.length} tokens`,
    );
    expect(leaks).toEqual([]);

    // The right secret does get one: the check above would have seen it.
    const granted = await send('POST', token, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(DEMO_INTEGRATION.clientId, DEMO_INTEGRATION.secret),
      },
      body: params('client_credentials'),
    });
    expect(granted.status).toBe(200);
    expect(tokensIn(granted)).toContain('a "access_token" field');
  });
});
