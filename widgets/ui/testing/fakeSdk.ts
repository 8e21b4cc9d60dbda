/**
 * A stand-in SDK for widget component tests: `api.call` answers from per-path handlers and records
 * each call as the real client would see it; banners raised through the SDK's events are recorded
 * (and reach listeners, as on a page).
 */
import { vi } from 'vitest';
import type { Sdk } from '../../../embed-sdk/index.js';
import { createEventBus, type ChairsideEventMap } from '../../../embed-sdk/events.js';

export interface FakeCall {
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  noBanner?: boolean;
  noProgress?: boolean;
}

export type FakeHandler = (call: FakeCall) => unknown;

export const ok = <T>(value: T) => ({ isSuccess: true as const, value, errors: [], showMessage: false });
export const refused = (message: string) => ({
  isSuccess: false as const,
  value: null,
  errors: [message],
  showMessage: true,
});

export function createFakeSdk(
  handlers: Record<string, FakeHandler> = {},
  options: { cardProviderScriptUrl?: string | null } = {},
) {
  const calls: FakeCall[] = [];
  const banners: ChairsideEventMap['banner'][] = [];
  const routes: Record<string, FakeHandler> = { ...handlers };
  const answer = async (endpoint: { path: string }, callOptions: Omit<FakeCall, 'path'> = {}) => {
    const call: FakeCall = { path: endpoint.path, ...callOptions };
    calls.push(call);
    const handler = routes[endpoint.path];
    if (!handler) throw new Error(`No fake answer for ${endpoint.path}`);
    return handler(call);
  };
  const bus = createEventBus<ChairsideEventMap>();
  const emit = vi.fn(<K extends keyof ChairsideEventMap>(name: K, detail: ChairsideEventMap[K]) => {
    if (name === 'banner') banners.push(detail as ChairsideEventMap['banner']);
    bus.emit(name, detail);
  });
  const sdk = {
    config: {
      theme: 'light',
      cardProviderScriptUrl:
        options.cardProviderScriptUrl === undefined
          ? 'https://cards.test/tokenize.js'
          : options.cardProviderScriptUrl,
    },
    server: null,
    auth: {
      mode: 'oidc',
      ready: Promise.resolve(),
      getProfile: async () => ({
        sub: '1',
        name: 'Fran Desk',
        email: null,
        isAdmin: false,
        practices: [{ id: 1, roles: ['EDITPAYMENTREQUESTS'] }],
      }),
      signedIn: async () => true,
    },
    api: { baseUrl: 'http://sandbox.test', call: vi.fn(answer), callBinary: vi.fn(answer) },
    events: { emit, on: bus.on },
    on: bus.on,
    realtime: () => Promise.reject(new Error('not in tests')),
    now: () => new Date(),
  } as unknown as Sdk;
  /** The calls to one path, in order. */
  const callsTo = (path: string) => calls.filter((c) => c.path === path);
  return { sdk, calls, callsTo, banners };
}
