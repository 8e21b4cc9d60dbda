import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addonToken } from '../support/practiceAddon.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('sign-in and the session', () => {
  it('refuses a wrong password with a clear message', async () => {
    await expect(server.signIn('frontdesk@chairside.test', 'not-demo')).rejects.toThrow(
      'The email or password is incorrect.',
    );
  });

  it('issues a JWT access token that carries roles, isAdmin and the practices', async () => {
    const tokens = await server.signIn('frontdesk@chairside.test');
    const payload = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(payload.is_admin).toBe(false);
    expect(payload.practices).toEqual([
      { id: 1, roles: expect.arrayContaining(['EDITPAYMENTPLANS', 'PROCESSREFUND']) },
    ]);
    expect(payload.practices[0].roles).not.toContain('PROCESSVOID');
    expect(payload.aud).toBe(`${server.url}/api`);
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('returns the session fields on login', async () => {
    const token = await server.tokenFor('frontdesk');
    const { status, body } = await server.call<Record<string, unknown>>('POST', '/api/auth/login', { token });
    expect(status).toBe(200);
    expect(body.isSuccess).toBe(true);
    expect(body.value).toMatchObject({
      userFirstLastName: 'Fran Desk',
      companyName: 'Bright Smiles Dental',
      gatewayCode: 'OPENDENTAL',
      isAdmin: false,
      termsOfService: true,
    });
  });
});

describe('the envelope and the contract', () => {
  it('answers 401 in the envelope without a token', async () => {
    const { status, body } = await server.call('GET', '/api/company/clinics');
    expect(status).toBe(401);
    expect(body).toEqual({
      isSuccess: false,
      value: null,
      errors: ['Sign in to continue.'],
      showMessage: true,
    });
  });

  it('answers a payload that breaks the schema with a 400 that names the field', async () => {
    const token = await server.tokenFor('admin');
    const { status, body } = await server.call('POST', '/api/auth/login-company', {
      token,
      body: { companyId: 'three' },
    });
    expect(status).toBe(400);
    expect(body.isSuccess).toBe(false);
    expect(body.errors[0]).toMatch(/^body\.companyId: /);
  });
});

describe('practices', () => {
  it("lists the current practice's clinics", async () => {
    const token = await server.tokenFor('frontdesk');
    const { body } = await server.call<{ clinics: { description: string }[] }>(
      'GET',
      '/api/company/clinics',
      {
        token,
      },
    );
    expect(body.value!.clinics.map((c) => c.description)).toEqual([
      'Headquarters',
      'Northside Clinic',
      'Lakeview Clinic',
    ]);
  });

  it('answers another practice as if it did not exist', async () => {
    const token = await server.tokenFor('frontdesk');
    const { status, body } = await server.call('POST', '/api/auth/login-company', {
      token,
      body: { companyId: 2 },
    });
    expect(status).toBe(404);
    expect(body.errors).toEqual(['The practice was not found.']);
    const missing = await server.call('POST', '/api/auth/login-company', { token, body: { companyId: 999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(body.errors);
  });

  it("switches practice and then shows that practice's clinics", async () => {
    const token = await server.tokenWithTerms('viewer');
    const before = await server.call<{ clinics: { description: string }[] }>('GET', '/api/company/clinics', {
      token,
    });
    expect(before.body.value!.clinics).toEqual([{ clinicNum: 0, description: 'Headquarters' }]);
    const switched = await server.call<{ companyName: string }>('POST', '/api/auth/login-company', {
      token,
      body: { companyId: 3 },
    });
    expect(switched.body.value!.companyName).toBe('Harbor View Dental');
    const after = await server.call<{ clinics: { description: string }[] }>('GET', '/api/company/clinics', {
      token,
    });
    expect(after.body.value!.clinics).toEqual([{ clinicNum: 0, description: 'Harbor View Dental' }]);
  });
});

describe("a practice system add-on's token (client credentials)", () => {
  it('gets a token for its one practice and calls the API with it', async () => {
    const accessToken = await addonToken(server.url);
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ chairside_service: true, practices: [{ id: 1 }] });
    const { body } = await server.call<{ clinics: unknown[] }>('GET', '/api/company/clinics', {
      token: accessToken,
    });
    expect(body.value!.clinics).toHaveLength(3);
    const login = await server.call('POST', '/api/auth/login', { token: accessToken });
    expect(login.status).toBe(403);
  });
});

describe('patient search', () => {
  type Found = {
    patients: { key: number; lastName: string; clinicDescription: string }[];
    clinicCount: number;
  };

  it("finds the practice's patients by name, with the practice's clinic count", async () => {
    const token = await server.tokenFor('frontdesk');
    const clinics = await server.call<{ clinics: unknown[] }>('GET', '/api/company/clinics', { token });
    const { body } = await server.call<Found>('GET', '/api/patient/searchPatient?name=okafor', { token });
    expect(body.value!.patients.map((p) => [p.key, p.lastName, p.clinicDescription])).toEqual([
      [1006, 'Okafor', 'Northside Clinic'],
      [1007, 'Okafor', 'Lakeview Clinic'],
    ]);
    expect(body.value!.clinicCount).toBe(clinics.body.value!.clinics.length);
  });

  it('gives the same clinic count when it finds no one', async () => {
    const token = await server.tokenFor('frontdesk');
    const found = await server.call<Found>('GET', '/api/patient/searchPatient?name=okafor', { token });
    const none = await server.call<Found>('GET', '/api/patient/searchPatient?name=zzyzx', { token });
    expect(none.body.value).toEqual({ patients: [], clinicCount: found.body.value!.clinicCount });
  });

  it('says which patients have a picture: exactly those whose picture the server answers', async () => {
    const token = await server.tokenFor('frontdesk');
    const { body } = await server.call<{ patients: { key: number; hasAvatar: boolean }[] }>(
      'GET',
      '/api/patient/searchPatient?name=an',
      { token },
    );
    const found = body.value!.patients;
    expect(found.some((p) => p.hasAvatar)).toBe(true);
    expect(found.some((p) => !p.hasAvatar)).toBe(true);
    for (const p of found.slice(0, 12)) {
      const res = await fetch(`${server.url}/api/patient/getAvatar?id=${p.key}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect([p.key, res.status]).toEqual([p.key, p.hasAvatar ? 200 : 404]);
    }
  });

  it("searches every clinic with clinicNum 0 (the clinics fallback's value), and one clinic with its number", async () => {
    const token = await server.tokenFor('frontdesk');
    const search = (query: string) =>
      server.call<Found>('GET', `/api/patient/searchPatient?name=okafor${query}`, { token });
    const everywhere = await search('');
    const fallback = await search('&clinicNum=0');
    expect(fallback.status).toBe(200);
    expect(fallback.body.value).toEqual(everywhere.body.value);
    expect(fallback.body.value!.patients).toHaveLength(2);
    const northside = await search('&clinicNum=2');
    expect(northside.body.value!.patients.map((p) => [p.key, p.clinicDescription])).toEqual([
      [1006, 'Northside Clinic'],
    ]);
  });
});
