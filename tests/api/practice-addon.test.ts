/**
 * A practice system's add-on gets its token the way real integrations do (issue 17, hole 1): its
 * backend holds a per-practice client secret (only a hash is stored) and exchanges it with the
 * client-credentials grant; the token carries only the roles the practice granted, for that practice
 * only; and the example's backend asks for one only after the host's own user has signed in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceIntegrations } from '../../server/db/schema/index.js';
import { DEMO_INTEGRATION } from '../../server/practice-addon/demo.js';
import { HOST_SESSION_COOKIE, hostSessions } from '../../server/practice-addon/hostSession.js';
import { createIntegration } from '../../server/settings/integrations.js';
import { asAdminAt } from '../support/payments.js';
import { addonToken, hostSignIn, HOST_USER } from '../support/practiceAddon.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

async function clientCredentials(clientId: string, secret: string) {
  const res = await fetch(`${server.url}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'api',
      resource: `${server.url}/api`,
    }),
  });
  return { status: res.status, body: (await res.json()) as { access_token?: string; error?: string } };
}

describe('the host’s own sign-in (the practice system’s demo user)', () => {
  const session = (cookie?: string) =>
    fetch(`${server.url}/sandbox/practice-addon/session`, { headers: cookie ? { cookie } : {} }).then((r) =>
      r.json(),
    );

  it('refuses a wrong password or a missing field, and sets no cookie', async () => {
    for (const [body, status, answer] of [
      [{ userName: 'reception', password: 'nope' }, 200, 'The user name or password is incorrect.'],
      [
        { userName: 'admin@chairside.test', password: 'demo' },
        200,
        'The user name or password is incorrect.',
      ],
      [{ userName: 'reception', password: '' }, 200, 'Enter your user name and password.'],
      [{ userName: 'reception' }, 400, 'Send a user name and a password.'],
    ] as const) {
      const res = await fetch(`${server.url}/sandbox/practice-addon/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(
        status === 200 ? { signedIn: false, user: null, error: answer } : { error: answer },
      );
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('signs in with a signed HttpOnly, SameSite cookie for the add-on’s backend only, and signs out', async () => {
    const res = await fetch(`${server.url}/sandbox/practice-addon/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(HOST_USER),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      signedIn: true,
      user: { userName: 'reception', name: 'Rita Reception', practiceName: 'Bright Smiles Dental' },
    });
    const [setCookie] = res.headers.getSetCookie();
    expect(setCookie).toMatch(
      new RegExp(
        `^${HOST_SESSION_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/sandbox/practice-addon; HttpOnly; SameSite=Strict; Max-Age=28800$`,
      ),
    );
    const cookie = setCookie!.split(';')[0]!;
    expect(await session(cookie)).toMatchObject({ signedIn: true, user: { name: 'Rita Reception' } });
    expect(await session()).toEqual({ signedIn: false, user: null });

    const out = await fetch(`${server.url}/sandbox/practice-addon/sign-out`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(out.headers.getSetCookie()).toEqual([
      `${HOST_SESSION_COOKIE}=; Path=/sandbox/practice-addon; HttpOnly; SameSite=Strict; Max-Age=0`,
    ]);
  });

  it('is good on every server instance of the database: the signing key is kept there', async () => {
    const cookie = await hostSignIn(server.url);
    const value = cookie.slice(HOST_SESSION_COOKIE.length + 1);
    // Another instance's reading of the cookie, on the same database.
    const elsewhere = hostSessions(server.ctx.db, { secure: false });
    expect(await elsewhere.open(value, Date.now())).toMatchObject({ userName: 'reception' });
    // Past its end it is no session.
    expect(await elsewhere.open(value, Date.now() + 9 * 60 * 60_000)).toBeNull();
  });
});

describe('the integration’s token', () => {
  it('needs the host’s sign-in first, then carries the practice’s granted roles for that practice only', async () => {
    expect((await fetch(`${server.url}/sandbox/practice-addon/token`, { method: 'POST' })).status).toBe(401);
    const token = await addonToken(server.url);
    const payload = claims(token);
    expect(payload).toMatchObject({
      chairside_service: true,
      client_id: DEMO_INTEGRATION.clientId,
      practices: [{ id: 1, roles: DEMO_INTEGRATION.roles }],
    });
    expect(payload.exp - payload.iat).toBe(600);
    expect(payload.is_admin).toBeUndefined();
  });

  it('keeps only a hash of the client secret', async () => {
    const [row] = await server.ctx.db
      .select()
      .from(practiceIntegrations)
      .where(eq(practiceIntegrations.clientId, DEMO_INTEGRATION.clientId));
    expect(row!.secretHash).toMatch(/^scrypt\$/);
    expect(row!.secretHash).not.toContain(DEMO_INTEGRATION.secret);
    expect((await clientCredentials(DEMO_INTEGRATION.clientId, row!.secretHash)).status).toBe(401);
    expect((await clientCredentials(DEMO_INTEGRATION.clientId, DEMO_INTEGRATION.secret)).status).toBe(200);
  });

  it('is refused once the integration is revoked', async () => {
    const where = eq(practiceIntegrations.clientId, DEMO_INTEGRATION.clientId);
    await server.ctx.db.update(practiceIntegrations).set({ revokedAt: new Date() }).where(where);
    try {
      expect(await clientCredentials(DEMO_INTEGRATION.clientId, DEMO_INTEGRATION.secret)).toMatchObject({
        status: 401,
        body: { error: 'invalid_client' },
      });
      const cookie = await hostSignIn(server.url);
      const res = await fetch(`${server.url}/sandbox/practice-addon/token`, {
        method: 'POST',
        headers: { cookie },
      });
      expect(res.status).toBe(502);
    } finally {
      await server.ctx.db.update(practiceIntegrations).set({ revokedAt: null }).where(where);
    }
  });

  it('of another practice’s integration is for that practice, with its roles', async () => {
    await createIntegration(server.ctx.db, {
      clientId: 'cedar-dentrix-addon',
      companyId: 2,
      name: 'Dentrix add-on',
      secret: 'cedar-secret-for-the-test',
      roles: ['VIEWDASHBOARD'],
      now: new Date(),
    });
    const { status, body } = await clientCredentials('cedar-dentrix-addon', 'cedar-secret-for-the-test');
    expect(status).toBe(200);
    expect(claims(body.access_token!).practices).toEqual([{ id: 2, roles: ['VIEWDASHBOARD'] }]);
    const clinics = await server.call<{ clinics: { description: string }[] }>('GET', '/api/company/clinics', {
      token: body.access_token!,
    });
    expect(clinics.body.value!.clinics.map((c) => c.description)).toEqual(['Headquarters']);
    // It has no role to see payment requests there.
    const requests = await server.call('POST', '/api/notification/list', {
      token: body.access_token!,
      body: {},
    });
    expect(requests.status).toBe(403);
  });
});

describe('the integrations in the practice’s settings', () => {
  type Integrations = {
    integrations: { clientId: string; name: string; roles: string[]; revoked: string | null }[];
  };
  const list = (token: string) => server.call<Integrations>('GET', '/api/settings/integrations', { token });
  const setRoles = (token: string, clientId: string, roles: string[]) =>
    server.call('POST', '/api/settings/integrations/roles', { token, body: { clientId, roles } });

  it('list the practice’s own, with the roles granted', async () => {
    const { status, body } = await list(admin);
    expect(status).toBe(200);
    expect(body.value!.integrations).toEqual([
      expect.objectContaining({
        clientId: DEMO_INTEGRATION.clientId,
        name: 'Open Dental add-on (demo)',
        roles: DEMO_INTEGRATION.roles,
        revoked: null,
      }),
    ]);
  });

  it('change the roles the next token carries', async () => {
    const changed = await setRoles(admin, DEMO_INTEGRATION.clientId, [
      'VIEWPAYMENTREQUESTS',
      'VIEWDASHBOARD',
    ]);
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject({ roles: ['VIEWPAYMENTREQUESTS', 'VIEWDASHBOARD'] });
    try {
      const token = await addonToken(server.url);
      expect(claims(token).practices).toEqual([{ id: 1, roles: ['VIEWPAYMENTREQUESTS', 'VIEWDASHBOARD'] }]);
      expect((await server.call('GET', '/api/dashboard/summary', { token })).status).toBe(200);
    } finally {
      await setRoles(admin, DEMO_INTEGRATION.clientId, DEMO_INTEGRATION.roles);
    }
  });

  it('refuse a client id that is no client id with a 400', async () => {
    const { status, body } = await setRoles(admin, 'practice\u0000addon', []);
    expect(status).toBe(400);
    expect(body.errors).toEqual(['body.clientId: must not contain a NUL character.']);
  });

  it('never grant an integration the practice’s settings', async () => {
    const { status, body } = await setRoles(admin, DEMO_INTEGRATION.clientId, ['MANAGESETTINGS']);
    expect(status).toBe(400);
    expect(body.errors[0]).toMatch(/^body\.roles\.0: /);
  });

  it('need MANAGESETTINGS, and neither show nor change another practice’s integrations', async () => {
    const frontdesk = await server.tokenFor('frontdesk');
    expect((await list(frontdesk)).status).toBe(403);
    expect((await setRoles(frontdesk, DEMO_INTEGRATION.clientId, [])).status).toBe(403);
    await asAdminAt(server, 3, async (atHarbor) => {
      expect((await list(atHarbor)).body.value!.integrations).toEqual([]);
      const refused = await setRoles(atHarbor, DEMO_INTEGRATION.clientId, ['PROCESSVOID']);
      expect(refused.status).toBe(404);
      expect(refused.body.errors).toEqual(['The integration was not found.']);
    });
    expect((await list(admin)).body.value!.integrations[0]!.roles).toEqual(DEMO_INTEGRATION.roles);
  });
});
