import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as company from '../contract/company.js';
import * as notification from '../contract/notification.js';
import { get } from '../contract/endpoint.js';
import { z } from 'zod';
import { bindEndpoints } from './bind.js';
import type { ApiClient } from './client.js';
import type { ApiResult } from './types.js';

function fakeClient(): ApiClient {
  return {
    baseUrl: 'https://api.example.com',
    call: vi.fn(async () => ({ isSuccess: true, value: null, errors: [], showMessage: false })) as never,
    callBinary: vi.fn(async () => new Blob(['x'])) as never,
  };
}

describe('bindEndpoints', () => {
  it('makes one function per endpoint of a resource module, and nothing for its schemas', () => {
    const api = bindEndpoints(fakeClient(), notification);
    expect(Object.keys(api).sort()).toEqual([
      'getLastUserNotification',
      'getLatestNotifications',
      'updateUserNotificationDate',
      'viewedCompanyNotification',
    ]);
    expectTypeOf(api).not.toHaveProperty('CompanyNotification');
  });

  it('calls the client with the endpoint and the options', async () => {
    const client = fakeClient();
    const api = bindEndpoints(client, notification);
    const signal = new AbortController().signal;
    await api.updateUserNotificationDate({ body: { id: 3 }, signal });
    expect(client.call).toHaveBeenCalledWith(notification.updateUserNotificationDate, {
      body: { id: 3 },
      signal,
    });
  });

  it('types each function from the contract', () => {
    const api = bindEndpoints(fakeClient(), company);
    expectTypeOf(api.clinics).returns.resolves.toEqualTypeOf<ApiResult<{ clinics: company.Clinic[] }>>();
  });

  it('asks for the options exactly when the endpoint has required fields', () => {
    const search = get('/api/search', {
      summary: 's',
      query: z.object({ name: z.string(), page: z.number().optional() }),
    });
    const api = bindEndpoints(fakeClient(), { search, ...company });
    // Compiled, never run: the checks are the type errors.
    const typeChecks = () => {
      void api.clinics();
      void api.clinics({ noProgress: true });
      void api.search({ query: { name: 'Lee' } });
      // @ts-expect-error the search term is required
      void api.search();
      // @ts-expect-error a query field the contract does not have
      void api.search({ query: { name: 'Lee', nickname: 'x' } });
      // @ts-expect-error the wrong type for a field
      void api.search({ query: { name: 3 } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });

  it('sends binary endpoints through callBinary', async () => {
    const client = fakeClient();
    const resource = {
      picture: get('/api/picture', {
        summary: 'a picture',
        query: z.object({ id: z.number() }),
        binary: true,
      }),
    };
    await bindEndpoints(client, resource).picture({ query: { id: 1 } });
    expect(client.callBinary).toHaveBeenCalledWith(resource.picture, { query: { id: 1 } });
    expect(client.call).not.toHaveBeenCalled();
  });

  it('gives the same object for the same client and module (cheap inside hooks)', () => {
    const client = fakeClient();
    expect(bindEndpoints(client, company)).toBe(bindEndpoints(client, company));
    expect(bindEndpoints(fakeClient(), company)).not.toBe(bindEndpoints(client, company));
  });
});
