/**
 * Partners' origins (issue 17, hole 9): CORS on /api allows the portal's origin and the embed
 * origins each practice lists; the same list feeds the sign-in redirects and the card frame's
 * parents. The practice's settings list, add and remove them (MANAGESETTINGS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGINS_CACHE_MS, EmbedOrigins } from '../../server/settings/embedOrigins.js';
import { asAdminAt } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SEEDED = 'https://seeded.example';
const BRIGHT = 'https://bright.example';
const CEDAR = 'https://cedar.example';
const EVIL = 'https://evil.example';

let server: TestServer;
let admin: string;
let frontdesk: string;
beforeAll(async () => {
  server = await startTestServer({ OIDC_REDIRECT_ORIGINS: `${SEEDED}/` });
  admin = await server.tokenFor('admin'); // at Bright Smiles Dental
  frontdesk = await server.tokenFor('frontdesk');
  expect((await addOrigin(admin, BRIGHT)).status).toBe(200);
  await asAdminAt(server, 2, async (atCedar) => expect((await addOrigin(atCedar, CEDAR)).status).toBe(200));
});
afterAll(() => server?.close());

type Origins = { origins: { origin: string; created: string }[] };
const listOrigins = (token: string | null) =>
  server.call<Origins>('GET', '/api/settings/embedOrigins', { token });
const addOrigin = (token: string | null, origin: string) =>
  server.call<Origins>('POST', '/api/settings/embedOrigins/add', { token, body: { origin } });
const removeOrigin = (token: string | null, origin: string) =>
  server.call<Origins>('POST', '/api/settings/embedOrigins/remove', { token, body: { origin } });

function preflight(origin: string, path = '/api/company/clinics') {
  return fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });
}

async function clinicsFrom(origin: string | null, token = frontdesk) {
  const res = await fetch(`${server.url}/api/company/clinics`, {
    headers: { authorization: `Bearer ${token}`, ...(origin === null ? {} : { origin }) },
  });
  return {
    status: res.status,
    allowOrigin: res.headers.get('access-control-allow-origin'),
    body: await res.json(),
  };
}

const refusal = (origin: string) =>
  `The origin ${origin} may not call the API for this practice: the practice's settings must allow it (Settings, Embed origins).`;

describe('a preflight (no token: any practice’s origin will do)', () => {
  it.each([
    ['the practice’s own origin', BRIGHT],
    ['another practice’s origin', CEDAR],
    ['an origin OIDC_REDIRECT_ORIGINS seeded for every practice', SEEDED],
  ])('is answered for %s', async (_what, origin) => {
    const res = await preflight(origin);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, idempotency-key',
    );
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it.each([
    ['an unknown origin', EVIL],
    ['the null origin', 'null'],
    ['a listed origin with a path', `${BRIGHT}/app`],
  ])('gets no CORS headers for %s', async (_what, origin) => {
    const res = await preflight(origin);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('the request itself', () => {
  it('is answered for an origin the caller’s practice lists', async () => {
    const res = await clinicsFrom(BRIGHT);
    expect(res.status).toBe(200);
    expect(res.allowOrigin).toBe(BRIGHT);
    expect(res.body.value.clinics).toHaveLength(3);
  });

  it('is refused with 403 for another practice’s origin, readable by that page', async () => {
    const res = await clinicsFrom(CEDAR);
    expect(res.status).toBe(403);
    expect(res.allowOrigin).toBe(CEDAR);
    expect(res.body).toEqual({ isSuccess: false, value: null, errors: [refusal(CEDAR)], showMessage: true });
  });

  it.each([
    ['an unknown origin', EVIL],
    ['the null origin', 'null'],
  ])('is refused with 403 and no CORS headers for %s', async (_what, origin) => {
    const res = await clinicsFrom(origin);
    expect(res.status).toBe(403);
    expect(res.allowOrigin).toBeNull();
    expect(res.body.errors).toEqual([refusal(origin)]);
    expect(res.body.value).toBeNull();
  });

  it('is refused before its body is read: a bad body from a refused origin gets the 403', async () => {
    const res = await fetch(`${server.url}/api/settings/embedOrigins/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, origin: EVIL, 'content-type': 'application/json' },
      body: JSON.stringify({ origin: 42 }),
    });
    expect(res.status).toBe(403);
  });

  it('is not affected when it comes from the portal’s own origin or carries no Origin', async () => {
    expect((await clinicsFrom(new URL(server.url).origin)).status).toBe(200);
    expect((await clinicsFrom(null)).status).toBe(200);
  });

  it('without a token is still a 401, whatever its origin', async () => {
    const res = await fetch(`${server.url}/api/company/clinics`, { headers: { origin: EVIL } });
    expect(res.status).toBe(401);
  });

  it('follows the caller’s current practice: Cedar’s origin works once the administrator is at Cedar', async () => {
    await asAdminAt(server, 2, async (atCedar) => {
      expect((await clinicsFrom(CEDAR, atCedar)).status).toBe(200);
      expect((await clinicsFrom(BRIGHT, atCedar)).status).toBe(403);
    });
  });

  it('applies to a widget’s first view, a form post without a preflight', async () => {
    const res = await fetch(`${server.url}/api/widget/firstView?tag=chairside-patient-search&term=okafor`, {
      method: 'POST',
      headers: { origin: CEDAR },
      body: new URLSearchParams({ access_token: frontdesk }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).errors).toEqual([refusal(CEDAR)]);
  });
});

describe('the same list elsewhere', () => {
  async function authorize(redirectUri: string) {
    const auth = new URL(`${server.url}/oidc/auth`);
    auth.search = new URLSearchParams({
      client_id: 'chairside-portal',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid api',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    return fetch(auth, { redirect: 'manual' });
  }

  it('lets sign-in send a person back to a listed origin only', async () => {
    const listed = await authorize(`${BRIGHT}/intranet/`);
    expect(listed.status).toBe(303);
    expect(listed.headers.get('location')).toMatch(/^\/interaction\//);
    const unknown = await authorize(`${EVIL}/`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('redirect_uri');
  });

  it('lets the card-entry frame show on a listed origin’s page only', async () => {
    const provider = new URL(server.ctx.cardProviderScriptUrl).origin;
    const frame = (parent: string) =>
      fetch(
        `${provider}/frame?${new URLSearchParams({ businessId: 'biz_brightsmiles', applicationId: 'app', parent })}`,
      );
    expect((await frame(CEDAR)).status).toBe(200);
    expect((await frame(EVIL)).status).toBe(403);
  });
});

describe('the Settings endpoints', () => {
  it('list the practice’s own origins only', async () => {
    const { status, body } = await listOrigins(admin);
    expect(status).toBe(200);
    expect(body.value!.origins.map((o) => o.origin)).toEqual([SEEDED, BRIGHT]);
  });

  it('need MANAGESETTINGS', async () => {
    const refused = {
      isSuccess: false,
      value: null,
      errors: ['This needs the MANAGESETTINGS role.'],
      showMessage: true,
    };
    expect(await listOrigins(frontdesk)).toEqual({ status: 403, body: refused });
    expect(await addOrigin(frontdesk, 'https://frontdesk.example')).toEqual({ status: 403, body: refused });
    expect(await removeOrigin(frontdesk, BRIGHT)).toEqual({ status: 403, body: refused });
    expect((await listOrigins(null)).status).toBe(401);
    expect((await addOrigin(null, 'https://anyone.example')).status).toBe(401);
  });

  it.each([
    ['null', 'The origin must start with http:// or https://.'],
    ['intranet.example.com', 'The origin must start with http:// or https://.'],
    [
      'https://bright.example/app',
      'The origin must not have a path, a query or a fragment: only scheme://host or scheme://host:port.',
    ],
    ['https://user@bright.example', 'The origin must not contain a user name or password.'],
    ['https://*.example.com', 'The origin must name one host: wildcards are not allowed.'],
    ['', 'Enter an origin, such as https://intranet.example.com.'],
  ])('refuse %j with a 400 naming the field', async (origin, message) => {
    const { status, body } = await addOrigin(admin, origin);
    expect(status).toBe(400);
    expect(body.errors).toEqual([`body.origin: ${message}`]);
  });

  it('refuse an origin with a NUL in it, to add or to remove, with a 400', async () => {
    for (const call of [addOrigin, removeOrigin]) {
      const { status, body } = await call(admin, 'https://bright\u0000.example');
      expect(status).toBe(400);
      expect(body.errors).toEqual(['body.origin: must not contain a NUL character.']);
    }
  });

  it('add an origin as browsers send it, once, and remove it', async () => {
    const added = await addOrigin(admin, '  HTTPS://Partner.Example:443/ ');
    expect(added.body.value!.origins.map((o) => o.origin)).toEqual([
      SEEDED,
      BRIGHT,
      'https://partner.example',
    ]);
    const again = await addOrigin(admin, 'https://partner.example');
    expect(again.body.value!.origins.map((o) => o.origin)).toEqual([
      SEEDED,
      BRIGHT,
      'https://partner.example',
    ]);
    // This instance follows its own change at once.
    expect((await preflight('https://partner.example')).headers.get('access-control-allow-origin')).toBe(
      'https://partner.example',
    );
    const removed = await removeOrigin(admin, 'https://partner.example');
    expect(removed.body.value!.origins.map((o) => o.origin)).toEqual([SEEDED, BRIGHT]);
    expect(
      (await preflight('https://partner.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });

  it('neither show nor change another practice’s origins', async () => {
    const { status, body } = await removeOrigin(admin, CEDAR);
    expect(status).toBe(404);
    expect(body.errors).toEqual(['The embed origin was not found.']);
    await asAdminAt(server, 2, async (atCedar) => {
      expect((await listOrigins(atCedar)).body.value!.origins.map((o) => o.origin)).toEqual([SEEDED, CEDAR]);
    });
  });

  it('reach another instance within a few seconds', async () => {
    // A second instance's copy of the list, on the same database.
    const other = new EmbedOrigins(server.ctx.db);
    await other.fresh();
    expect(other.isListed('https://late.example')).toBe(false);
    await addOrigin(admin, 'https://late.example');
    await other.fresh();
    expect(other.isListed('https://late.example')).toBe(false); // its copy is not yet old enough
    await new Promise((resolve) => setTimeout(resolve, ORIGINS_CACHE_MS + 50));
    await other.fresh();
    expect(other.isListedBy(1, 'https://late.example')).toBe(true);
    expect(other.isListedBy(2, 'https://late.example')).toBe(false);
    await removeOrigin(admin, 'https://late.example');
  });
});
