import { afterEach, describe, expect, it, vi } from 'vitest';
import { enrollmentPage } from '../../embed-sdk/contract/membership.js';
import { takePrefetched, withPrefetched } from '../../embed-sdk/prefetch.js';
import { createSignedOutSdk } from '../../embed-sdk/sdk.js';
import { createEventBus } from '../../embed-sdk/events.js';
import { matchPublicRoute, type PublicMatch } from '../routing/publicRoutes.js';
import { cardScriptOf, firstCallUrl, startEarly } from './earlyStart.js';

const ORIGIN = 'https://portal.example.com';
const TOKEN = 'LSz6WH1GKAIWNWU4C6HQsxZsPZc_4-QQ';
const SCRIPT = 'https://cards.example.com/tokenize.js';
const URL_ENROL = `${ORIGIN}/api/public/membershipEnrollment?token=${TOKEN}`;

const envelope = (value: unknown) =>
  JSON.stringify({ isSuccess: true, value, errors: [], showMessage: false });
const openPage = {
  status: 'OPEN',
  practiceName: 'Bright Smiles Dental',
  firstName: 'Paloma',
  cardEntry: { scriptUrl: SCRIPT, businessId: 'biz', appId: 'app' },
};

/** The enrolment route as matched from its address, with its chunk's load counted instead of run. */
function enrolment(): PublicMatch & { load: ReturnType<typeof vi.fn> } {
  const match = matchPublicRoute(`#/enroll/${TOKEN}`)!;
  const load = vi.fn(async () => ({ default: () => null }));
  return { ...match, route: { ...match.route, load }, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  takePrefetched(URL_ENROL);
});

describe('starting a public page early', () => {
  it('builds the URL the page’s own call will have', () => {
    expect(firstCallUrl(enrolment(), `${ORIGIN}/`)).toBe(URL_ENROL);
    expect(firstCallUrl(matchPublicRoute('#/error')!, ORIGIN)).toBeNull();
  });

  it('makes the page’s first call once: the SDK’s call takes the early answer', async () => {
    const network = vi.fn<typeof fetch>(async () => new Response(envelope(openPage), { status: 200 }));
    const loadCardProvider = vi.fn(async () => undefined);
    const match = enrolment();
    startEarly(match, ORIGIN, { fetch: network, loadCardProvider });
    expect(network).toHaveBeenCalledTimes(1);
    expect(match.load).toHaveBeenCalledTimes(1);

    const sdk = await createSignedOutSdk(
      ORIGIN,
      'light',
      { fetch: withPrefetched(network), pageHref: `${ORIGIN}/#/enroll/${TOKEN}`, loadRealtime: vi.fn() },
      createEventBus(),
    );
    const answer = await sdk.api.call(enrollmentPage, { query: { token: TOKEN } });
    expect(answer.value).toMatchObject({ practiceName: 'Bright Smiles Dental', firstName: 'Paloma' });
    expect(network).toHaveBeenCalledTimes(1);
    // Without a token: a patient is not signed in.
    expect(network.mock.calls[0]![1]?.headers).not.toHaveProperty('authorization');
    await settle();
    expect(loadCardProvider).toHaveBeenCalledWith(SCRIPT);
  });

  it('loads the card provider’s script only for a link that still takes a card', async () => {
    for (const value of [
      { ...openPage, status: 'EXPIRED' },
      { ...openPage, status: 'COMPLETED' },
    ]) {
      const loadCardProvider = vi.fn(async () => undefined);
      const network = vi.fn<typeof fetch>(async () => new Response(envelope(value), { status: 200 }));
      startEarly(enrolment(), ORIGIN, { fetch: network, loadCardProvider });
      await settle();
      expect(loadCardProvider, value.status).not.toHaveBeenCalled();
      takePrefetched(URL_ENROL);
    }
    expect(cardScriptOf({ value: openPage })).toBe(SCRIPT);
    expect(cardScriptOf(null)).toBeNull();
    expect(cardScriptOf({ value: { status: 'OPEN' } })).toBeNull();
  });

  it('leaves a failed early answer to the page, which asks again', async () => {
    const network = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response(envelope(openPage), { status: 200 }));
    const loadCardProvider = vi.fn(async () => undefined);
    startEarly(enrolment(), ORIGIN, { fetch: network, loadCardProvider });
    await settle();
    const sdk = await createSignedOutSdk(
      ORIGIN,
      'light',
      { fetch: withPrefetched(network), pageHref: undefined, loadRealtime: vi.fn() },
      createEventBus(),
    );
    const answer = await sdk.api.call(enrollmentPage, { query: { token: TOKEN } });
    expect(answer.isSuccess).toBe(true);
    expect(network).toHaveBeenCalledTimes(2);
  });
});
