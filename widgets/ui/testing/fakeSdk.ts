/**
 * The stand-in SDK for widget and portal component tests: `api.call` answers from per-path handlers
 * and records each call as the real client would see it; the events are a real bus, so banners and
 * realtime events raised through the SDK reach their listeners as on a page (banners are recorded
 * too); auth answers for a signed-in person, Fran Desk of practice 1 unless a test says otherwise.
 */
import { vi } from 'vitest';
import type { Sdk, UserProfile } from '../../../embed-sdk/index.js';
import { createEventBus, type ChairsideEventMap } from '../../../embed-sdk/events.js';
import type { CurrentCompany } from '../../../embed-sdk/contract/company.js';

export interface FakeCall {
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  noBanner?: boolean;
  noProgress?: boolean;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export type FakeHandler = (call: FakeCall) => unknown;

/**
 * A practice as /api/company/current answers for it, less `you` (what the caller may do there): the
 * fake fills that in from the signed-in profile of the test (auth.getProfile), as the server reads
 * it for the person.
 */
export type CompanyFixture = Omit<CurrentCompany, 'you'> & Partial<Pick<CurrentCompany, 'you'>>;

function withCaller(answer: unknown, profile: UserProfile | null): unknown {
  const envelope = answer as { value?: CompanyFixture | null } | null;
  const company = envelope?.value;
  if (!company || company.you) return answer;
  const roles = profile?.practices.find((p) => p.id === company.id)?.roles ?? [];
  return { ...envelope, value: { ...company, you: { isAdmin: profile?.isAdmin ?? false, roles } } };
}

export const ok = <T>(value: T) => ({ isSuccess: true as const, value, errors: [], showMessage: false });
export const refused = (message: string) => ({
  isSuccess: false as const,
  value: null,
  errors: [message],
  showMessage: true,
});

/** The person the fake signs in unless a test names another. */
export const FRAN_DESK: UserProfile = {
  sub: '1',
  name: 'Fran Desk',
  email: null,
  isAdmin: false,
  practices: [{ id: 1, roles: ['EDITPAYMENTREQUESTS'] }],
};

export interface FakeSdkOptions {
  /** The signed-in person's profile (null: none). @default FRAN_DESK */
  profile?: UserProfile | null;
  /** @default true */
  signedIn?: boolean;
  /** What sdk.auth.signIn does (by default: resolves, as a redirect that has started). */
  signIn?: () => Promise<void>;
  /** The card provider's script (null: none configured). @default 'https://cards.test/tokenize.js' */
  cardProviderScriptUrl?: string | null;
}

export function createFakeSdk(handlers: Record<string, FakeHandler> = {}, options: FakeSdkOptions = {}) {
  const calls: FakeCall[] = [];
  const banners: ChairsideEventMap['banner'][] = [];
  const routes: Record<string, FakeHandler> = { ...handlers };
  const answer = async (endpoint: { path: string }, callOptions: Omit<FakeCall, 'path'> = {}) => {
    const call: FakeCall = { path: endpoint.path, ...callOptions };
    calls.push(call);
    const handler = routes[endpoint.path];
    if (!handler) throw new Error(`No fake answer for ${endpoint.path}`);
    if (endpoint.path === '/api/company/current') {
      // The profile as the test last set it (some replace auth.getProfile after creating the fake).
      return withCaller(await handler(call), await auth.getProfile());
    }
    return handler(call);
  };
  const bus = createEventBus<ChairsideEventMap>();
  const events = {
    on: bus.on,
    emit: vi.fn(<K extends keyof ChairsideEventMap>(name: K, detail: ChairsideEventMap[K]) => {
      if (name === 'banner') banners.push(detail as ChairsideEventMap['banner']);
      bus.emit(name, detail);
    }),
  };
  const auth = {
    mode: 'oidc' as const,
    ready: Promise.resolve(),
    signedIn: vi.fn(async () => options.signedIn ?? true),
    getProfile: vi.fn(async () => (options.profile === undefined ? FRAN_DESK : options.profile)),
    signIn: vi.fn(options.signIn ?? (async () => undefined)),
    signOut: vi.fn(async () => undefined),
    getToken: vi.fn(async () => 'token'),
    refresh: vi.fn(async () => 'token'),
    onChange: () => () => undefined,
  };
  const sdk = {
    config: {
      theme: 'light',
      cardProviderScriptUrl:
        options.cardProviderScriptUrl === undefined
          ? 'https://cards.test/tokenize.js'
          : options.cardProviderScriptUrl,
    },
    server: null,
    auth,
    api: { baseUrl: 'http://sandbox.test', call: vi.fn(answer), callBinary: vi.fn(answer) },
    events,
    on: bus.on,
    realtime: () => Promise.reject(new Error('not in tests')),
    now: () => new Date(),
  } as unknown as Sdk;
  /** The calls to one path, in order. */
  const callsTo = (path: string) => calls.filter((c) => c.path === path);
  return { sdk, auth, calls, callsTo, banners, events };
}
