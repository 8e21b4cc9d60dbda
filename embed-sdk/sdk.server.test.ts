/** The SDK put together against a real sandbox server: configuration, token auth, API, realtime hub. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server.js';
import { bindEndpoints } from './api/bind.js';
import { parseInitOptions } from './config.js';
import * as company from './contract/company.js';
import { createEventBus, type ChairsideEventMap } from './events.js';
import { createSdk } from './sdk.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the SDK with a host-supplied token', () => {
  it('reads the server configuration, calls the API and connects to the hub', async () => {
    const events = createEventBus<ChairsideEventMap>();
    const states: string[] = [];
    events.on('realtime-state', ({ state }) => states.push(state));
    const options = parseInitOptions({
      apiBaseUrl: server.url,
      auth: { mode: 'token', getToken: () => server.tokenFor('frontdesk') },
    });
    const sdk = await createSdk(
      options,
      { fetch, pageHref: undefined, loadRealtime: () => import('./realtime/index.js') },
      events,
    );
    expect(sdk.config.hubUrl).toBe(`${server.url}/hubs/payments`);
    expect(sdk.config.cardProviderScriptUrl).toMatch(/^http:\/\/localhost:\d+\//);
    expect(sdk.server?.clientId).toBe('chairside-portal');

    const result = await bindEndpoints(sdk.api, company).clinics();
    expect(result.isSuccess).toBe(true);
    expect((await sdk.auth.getProfile())?.email).toBe('frontdesk@chairside.test');

    const realtime = await sdk.realtime();
    await expect.poll(() => states, { timeout: 10_000 }).toEqual(['connected']);
    await realtime.stop();
    expect(states).toEqual(['connected', 'disconnected']);
  });
});
