/** The client against a real sandbox server: real tokens, real envelopes, real status codes. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../tests/support/server.js';
import * as auth from '../contract/auth.js';
import * as company from '../contract/company.js';
import * as config from '../contract/config.js';
import { get } from '../contract/endpoint.js';
import * as patient from '../contract/patient.js';
import { createEventBus, type ChairsideEventMap } from '../events.js';
import { bindEndpoints } from './bind.js';
import { createApiClient } from './client.js';
import { ApiError } from './errors.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function client(tokens: { getToken: () => Promise<string | null>; refresh?: () => Promise<string | null> }) {
  const events = createEventBus<ChairsideEventMap>();
  const banners: string[] = [];
  events.on('banner', (b) => banners.push(b.message));
  const refresh = vi.fn(tokens.refresh ?? (async () => null));
  const api = createApiClient({ baseUrl: server.url, auth: { getToken: tokens.getToken, refresh }, events });
  return { api, banners, refresh };
}

describe('the API client against the sandbox', () => {
  it('calls a bound endpoint with a signed-in user', async () => {
    const token = await server.tokenFor('frontdesk');
    const { api, banners } = client({ getToken: async () => token });
    const result = await bindEndpoints(api, company).clinics();
    expect(result.isSuccess).toBe(true);
    if (!result.isSuccess) return;
    expect(result.value.clinics.length).toBeGreaterThan(0);
    expect(result.value.clinics[0]).toEqual({
      clinicNum: expect.any(Number),
      description: expect.any(String),
    });
    expect(banners).toEqual([]);
  });

  it('reads the public configuration without a token', async () => {
    const { api } = client({ getToken: async () => null });
    const result = await api.call(config.configuration);
    expect(result).toMatchObject({
      isSuccess: true,
      value: { clientId: 'chairside-portal', hubUrl: `${server.url}/hubs/payments` },
    });
  });

  it('renews a rejected token and retries once', async () => {
    const token = await server.tokenFor('frontdesk');
    const { api, refresh, banners } = client({
      getToken: async () => 'not-a-token',
      refresh: async () => token,
    });
    const result = await api.call(auth.login, { body: {} });
    expect(result).toMatchObject({ isSuccess: true, value: { userFirstLastName: 'Fran Desk' } });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(banners).toEqual([]);
  });

  it('rejects with the 401 envelope when nobody is signed in', async () => {
    const { api, banners } = client({ getToken: async () => null });
    const error = (await api.call(company.clinics).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.envelope).toEqual({
      isSuccess: false,
      value: null,
      errors: ['Sign in to continue.'],
      showMessage: true,
    });
    expect(banners).toEqual([]);
  });

  it('rejects a payload that breaks the contract with the 400 naming the field, and the spec banner', async () => {
    const token = await server.tokenFor('admin');
    const { api, banners } = client({ getToken: async () => token });
    const error = (await api
      .call(auth.loginCompany, { body: { companyId: 'three' as unknown as number } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.message).toContain('companyId');
    expect(banners).toEqual(['There was an unexpected server error.']);
  });

  it('rejects an unknown path with the 404 envelope', async () => {
    const token = await server.tokenFor('frontdesk');
    const { api, banners } = client({ getToken: async () => token });
    const missing = get('/api/nothing/here', { summary: 'missing', value: z.null() });
    await expect(api.call(missing)).rejects.toMatchObject({
      status: 404,
      message: 'There is no API at GET /api/nothing/here.',
    });
    expect(banners).toEqual(['There was an unexpected server error.']);
  });

  it('reads a binary failure as an ApiError without a banner when asked', async () => {
    const token = await server.tokenFor('frontdesk');
    const { api, banners } = client({ getToken: async () => token });
    const outcome = await api
      .callBinary(patient.getAvatar, { query: { id: 999999 }, noBanner: true })
      .catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(ApiError);
    expect((outcome as ApiError).status).toBe(404);
    expect(banners).toEqual([]);
  });
});
