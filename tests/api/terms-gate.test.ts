/**
 * The terms of service, held by the server (issue 17, hole 6): until a person accepts them, every
 * call but the session's start and the terms' own is refused with a 403 whose envelope tells the
 * client to show the terms; the realtime hub refuses them too. Accepting lets them in at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPool, nameOf, ROUTES, sampleRequests, send } from '../support/attacks.js';
import { recordsOf } from '../support/practiceRecords.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  viewer = await server.tokenFor('viewer');
});
afterAll(() => server?.close());

const BEFORE_TERMS = [
  'POST /api/auth/login',
  'GET /api/auth/termsOfService',
  'POST /api/auth/acceptTermsOfService',
];

describe('before the terms are accepted', () => {
  it("the demo's viewer has not accepted them", async () => {
    const login = await server.call<{ termsOfService: boolean }>('POST', '/api/auth/login', {
      token: viewer,
    });
    expect(login.status).toBe(200);
    expect(login.body.value!.termsOfService).toBe(false);
  });

  it('refuses every other endpoint with 403 and nextStep ACCEPT_TERMS, before looking at the request', async () => {
    const cedar = await recordsOf(server.ctx.db, 2);
    const gated = ROUTES.filter((r) => r.access !== 'public' && !BEFORE_TERMS.includes(nameOf(r.endpoint)));
    const wrong: string[] = [];
    await inPool(gated, 4, async (route) => {
      const [valid] = sampleRequests(route.endpoint, cedar, 1, 5);
      for (const request of [valid, { query: { id: 'x' }, body: { amount: 'x' } }]) {
        const answer = await send(server, route.endpoint, { ...request, token: viewer });
        const expected = {
          isSuccess: false,
          value: null,
          errors: ['Accept the terms of service to continue.'],
          showMessage: false,
          nextStep: 'ACCEPT_TERMS',
        };
        if (answer.status !== 403 || JSON.stringify(answer.body) !== JSON.stringify(expected)) {
          wrong.push(`${nameOf(route.endpoint)}: ${answer.status} ${answer.text.slice(0, 160)}`);
        }
      }
    });
    expect(gated.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });

  it('shows them the terms', async () => {
    const terms = await server.call<{ text: string }>('GET', '/api/auth/termsOfService', { token: viewer });
    expect(terms.status).toBe(200);
    expect(terms.body.value!.text).toMatch(/^Chairside Terms of Service/);
  });

  it('keeps the realtime hub closed to them', async () => {
    const res = await fetch(`${server.url}/hubs/payments/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ nextStep: 'ACCEPT_TERMS' });
  });
});

describe('once the terms are accepted', () => {
  it('serves them at once, and the hub with them', async () => {
    const accepted = await server.call('POST', '/api/auth/acceptTermsOfService', { token: viewer });
    expect(accepted.status).toBe(200);
    const search = await server.call<{ patients: unknown[] }>('GET', '/api/patient/searchPatient?name=a', {
      token: viewer,
    });
    expect(search.status).toBe(200);
    expect(search.body.value!.patients.length).toBeGreaterThan(0);
    const res = await fetch(`${server.url}/hubs/payments/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(res.status).toBe(200);
  });
});
