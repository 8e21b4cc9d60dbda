/**
 * The security headers of each kind of response (server/http/securityHeaders.ts decides them), on a
 * real sandbox serving a small front end of its own (so the test needs no build): the portal page
 * with an inline script, a hashed asset, the loader, a widget chunk, an example host page; the API
 * answering 200, 404, 401 and 400; the sign-in page and the discovery document of the identity
 * provider; the hub's negotiate; the outbox's address; the card provider's frame on its own origin.
 * And Strict-Transport-Security only behind an https PUBLIC_URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/start.js';
import { THEME_SCRIPT, writeFrontEnd } from '../support/frontEnd.js';
import { startTestServer, type TestServer } from '../support/server.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The headers that concern this test, lower-cased names, for readable failures. */
async function headersOf(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init });
  await res.arrayBuffer();
  const pick = (name: string) => res.headers.get(name);
  return {
    status: res.status,
    csp: pick('content-security-policy'),
    nosniff: pick('x-content-type-options'),
    referrer: pick('referrer-policy'),
    frameOptions: pick('x-frame-options'),
    hsts: pick('strict-transport-security'),
    allowOrigin: pick('access-control-allow-origin'),
    resourcePolicy: pick('cross-origin-resource-policy'),
  };
}

/** The directives of a policy, by name. */
function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The sign-in page, as a browser reaches it: the authorization request redirects to it. */
async function signInPage(server: TestServer) {
  const auth = new URL(`${server.url}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'chairside-portal',
    response_type: 'code',
    redirect_uri: `${server.url}/`,
    scope: 'openid',
    code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'x',
  }).toString();
  const redirect = await fetch(auth, { redirect: 'manual' });
  expect(redirect.status).toBe(303);
  const cookie = redirect.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const url = new URL(redirect.headers.get('location')!, server.url).toString();
  expect(url).toMatch(/\/interaction\//);
  const res = await fetch(url, { headers: { cookie } });
  return { res, html: await res.text() };
}

const dist = writeFrontEnd();
let server: TestServer;
let providerOrigin: string;
beforeAll(async () => {
  server = await startTestServer({ CHAIRSIDE_DIST_DIR: dist });
  providerOrigin = new URL(server.ctx.cardProviderScriptUrl).origin;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the portal page', () => {
  it('carries a policy that allows its inline script by hash, the card provider, the hub, and no framing', async () => {
    const h = await headersOf(`${server.url}/`);
    expect(h.status).toBe(200);
    const d = directives(h.csp);
    expect(d['script-src']).toEqual(["'self'", sha256(THEME_SCRIPT), providerOrigin]);
    expect(d['script-src']).not.toContain("'unsafe-inline'");
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['frame-src']).toEqual([providerOrigin]);
    expect(d['connect-src']).toEqual(["'self'", `ws://${new URL(server.url).host}`]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(h).toMatchObject({
      nosniff: 'nosniff',
      referrer: 'strict-origin-when-cross-origin',
      frameOptions: 'DENY',
      hsts: null,
    });
  });

  it('is the same page, with the same policy, by any spelling of its address', async () => {
    const first = await headersOf(`${server.url}/`);
    expect(first.csp).toContain("frame-ancestors 'none'");
    for (const spelling of ['/index.html', '/INDEX.HTML', '/%69ndex.html']) {
      expect((await headersOf(`${server.url}${spelling}`)).csp, spelling).toBe(first.csp);
    }
  });
});

describe('each kind of response', () => {
  const STRICT = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  const strict = { csp: STRICT, nosniff: 'nosniff', referrer: 'no-referrer', frameOptions: 'DENY' };
  const partnersMayLoad = {
    csp: null,
    nosniff: 'nosniff',
    referrer: 'strict-origin-when-cross-origin',
    frameOptions: null,
    resourcePolicy: null,
  };

  it.each([
    ['a hashed portal asset', 'GET', '/assets/index-AbCd1234.js', 200, strict],
    ['the loader, for any origin', 'GET', '/embed.js', 200, { ...partnersMayLoad, allowOrigin: '*' }],
    [
      'a widget chunk, for any origin',
      'GET',
      '/widgets/chunks/Ab12Cd34Ef.js',
      200,
      { ...partnersMayLoad, allowOrigin: '*' },
    ],
    ['an example host page (inline scripts on purpose)', 'GET', '/examples/intranet/', 200, partnersMayLoad],
    ['an API answer', 'GET', '/api/configuration', 200, strict],
    ['an API 404', 'GET', '/api/no/such/thing', 404, strict],
    ['an API 401', 'GET', '/api/company/clinics', 401, strict],
    ['an API 400 (a body that is not JSON)', 'POST', '/api/auth/login', 400, strict],
    ['a file that does not exist', 'GET', '/nothing-here.js', 404, strict],
    ['the hub negotiate without a token', 'POST', '/hubs/payments/negotiate?negotiateVersion=1', 401, strict],
    ['the sandbox clock', 'GET', '/sandbox/clock', 200, strict],
  ] as const)('%s', async (_name, method, pathname, status, expected) => {
    // The broken body comes with a valid token, so that it is the body that is refused.
    const token = pathname === '/api/auth/login' ? await server.tokenFor('frontdesk') : null;
    const h = await headersOf(`${server.url}${pathname}`, {
      method,
      ...(method === 'POST'
        ? {
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: '{not json',
          }
        : {}),
    });
    expect(h.status).toBe(status);
    expect(h).toMatchObject({ ...expected, hsts: null });
  });

  it('the outbox page: a redirect to the portal (which signs the person in), with the strict headers', async () => {
    const h = await headersOf(`${server.url}/sandbox/outbox`);
    expect(h.status).toBe(302);
    expect(h).toMatchObject({ nosniff: 'nosniff', referrer: 'no-referrer', frameOptions: 'DENY' });
    expect(directives(h.csp)['default-src']).toEqual(["'none'"]);
  });
});

describe('the identity provider', () => {
  it('the sign-in page: its stylesheet by hash, no other script or style, never framed', async () => {
    const { res, html } = await signInPage(server);
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Sign in</h1>');
    const d = directives(res.headers.get('content-security-policy'));
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(d['style-src']).toEqual([sha256(style)]);
    expect(d['default-src']).toEqual(["'none'"]);
    expect(d['script-src']).toHaveLength(1); // the sign-out page's one script, by hash
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('the discovery document (answered by oidc-provider itself)', async () => {
    const h = await headersOf(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(h.status).toBe(200);
    expect(h).toMatchObject({ nosniff: 'nosniff', frameOptions: 'DENY', hsts: null });
    expect(directives(h.csp)['frame-ancestors']).toEqual(["'none'"]);
  });

  it('the account screens (forgot password), with their icon', async () => {
    const h = await headersOf(`${server.url}/account/forgot`);
    expect(h.status).toBe(200);
    expect(h).toMatchObject({ nosniff: 'nosniff', frameOptions: 'DENY' });
    expect(directives(h.csp)['frame-ancestors']).toEqual(["'none'"]);
    expect(directives(h.csp)['img-src']).toEqual(['data:']);
  });

  it('an expired sign-in page', async () => {
    const h = await headersOf(`${server.url}/interaction/not-a-real-one`);
    expect(h.status).toBe(400);
    expect(h).toMatchObject({ nosniff: 'nosniff', frameOptions: 'DENY' });
    expect(directives(h.csp)['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe("the card provider's frame (its own origin)", () => {
  it('may be framed by its parent only, and sends nosniff and no referrer', async () => {
    const query = new URLSearchParams({
      businessId: 'biz_brightsmiles',
      applicationId: 'app',
      parent: server.url,
    });
    const h = await headersOf(`${providerOrigin}/frame?${query}`);
    expect(h.status).toBe(200);
    expect(directives(h.csp)['frame-ancestors']).toEqual([server.url]);
    expect(h).toMatchObject({ nosniff: 'nosniff', referrer: 'no-referrer' });
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every kind of response when PUBLIC_URL is https', async () => {
    const port = await freePort();
    const https = await startTestServer({
      CHAIRSIDE_DIST_DIR: dist,
      PORT: String(port),
      PUBLIC_URL: `https://localhost:${port}`,
    });
    try {
      // The server itself listens on plain http, as it does behind a proxy that ends TLS.
      const local = `http://localhost:${port}`;
      for (const pathname of [
        '/',
        '/embed.js',
        '/examples/intranet/',
        '/api/configuration',
        '/api/nothing',
        '/oidc/.well-known/openid-configuration',
      ]) {
        const h = await headersOf(`${local}${pathname}`);
        expect(h.hsts, pathname).toBe('max-age=31536000');
      }
      const portal = directives((await headersOf(`${local}/`)).csp);
      expect(portal['connect-src']).toContain(`wss://localhost:${port}`);
    } finally {
      await https.close();
    }
  });
});
