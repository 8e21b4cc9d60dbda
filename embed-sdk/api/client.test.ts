/** The client against a scripted fetch: the spec's rules one by one. */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { get, post } from '../contract/endpoint.js';
import { createEventBus, type ChairsideEventMap } from '../events.js';
import { createApiClient } from './client.js';
import { ApiError } from './errors.js';

const clinics = get('/api/company/clinics', {
  summary: 'clinics',
  value: z.object({ clinics: z.array(z.object({ clinicNum: z.number(), description: z.string() })) }),
});
const search = get('/api/patient/searchPatient', {
  summary: 'search',
  query: z.object({ name: z.string(), clinicNum: z.number().optional() }),
});
const pay = post('/api/PaymentPlan/processBalance', {
  summary: 'pay',
  body: z.object({ amount: z.number() }),
  idempotent: true,
});
const avatar = get('/api/patient/getAvatar', {
  summary: 'avatar',
  query: z.object({ id: z.number() }),
  binary: true,
});

const envelope = (
  value: unknown,
  extra: Partial<{ isSuccess: boolean; errors: string[]; showMessage: boolean }> = {},
) => Response.json({ isSuccess: true, value, errors: [], showMessage: false, ...extra });

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

function setup(answers: ((sent: Sent, init: RequestInit) => Response | Promise<Response>)[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Sent = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
      credentials: init.credentials,
    };
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return answer(request, init);
  });
  const events = createEventBus<ChairsideEventMap>();
  const banners: ChairsideEventMap['banner'][] = [];
  const progress: number[] = [];
  events.on('banner', (b) => banners.push(b));
  events.on('progress', (p) => progress.push(p.pending));
  const auth = {
    getToken: vi.fn(async () => 'old-token' as string | null),
    refresh: vi.fn(async () => 'new-token' as string | null),
  };
  const termsRequired: ChairsideEventMap['terms-required'][] = [];
  events.on('terms-required', (t) => termsRequired.push(t));
  const api = createApiClient({ baseUrl: 'https://api.example.com/', auth, events, fetch });
  return { api, auth, sent, banners, progress, termsRequired, fetch };
}

describe('createApiClient', () => {
  it('sends the bearer token with credentials and resolves with the envelope', async () => {
    const { api, sent, banners } = setup([() => envelope({ clinics: [] })]);
    const result = await api.call(clinics);
    expect(result).toEqual({ isSuccess: true, value: { clinics: [] }, errors: [], showMessage: false });
    expect(sent[0]).toMatchObject({
      url: 'https://api.example.com/api/company/clinics',
      method: 'GET',
      credentials: 'include',
      headers: { authorization: 'Bearer old-token', accept: 'application/json' },
    });
    expect(banners).toEqual([]);
  });

  it('serialises the query with URLSearchParams, skipping undefined', async () => {
    const { api, sent } = setup([() => envelope(null), () => envelope(null)]);
    await api.call(search, { query: { name: 'Ann Lee & co', clinicNum: undefined } });
    await api.call(search, { query: { name: 'x', clinicNum: 0 } });
    expect(sent[0]!.url).toBe('https://api.example.com/api/patient/searchPatient?name=Ann+Lee+%26+co');
    expect(sent[1]!.url).toBe('https://api.example.com/api/patient/searchPatient?name=x&clinicNum=0');
  });

  it('sends a POST body as JSON, and {} when there is none', async () => {
    const noBody = post('/api/userNotification/updateUserNotificationDate', { summary: 'x' });
    const { api, sent } = setup([() => envelope(null), () => envelope(null)]);
    await api.call(noBody);
    await api.call(pay, { body: { amount: 1250 } });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: {},
      headers: { 'content-type': 'application/json' },
    });
    expect(sent[1]!.body).toEqual({ amount: 1250 });
  });

  it('shows the first error of a business failure as a danger banner and resolves with it', async () => {
    const { api, banners } = setup([
      () => envelope(null, { isSuccess: false, errors: ['Card declined.', 'Second.'], showMessage: true }),
    ]);
    const result = await api.call(clinics);
    expect(result.isSuccess).toBe(false);
    expect(result.errors).toEqual(['Card declined.', 'Second.']);
    expect(banners).toEqual([{ intent: 'danger', message: 'Card declined.' }]);
  });

  it('shows no banner for a business failure the server marks as not to show', async () => {
    const { api, banners } = setup([
      () => envelope(null, { isSuccess: false, errors: ['quiet'], showMessage: false }),
    ]);
    expect((await api.call(clinics)).isSuccess).toBe(false);
    expect(banners).toEqual([]);
  });

  it.each([400, 403, 404, 409, 500, 502])(
    "rejects a %i with an ApiError and shows 'There was an unexpected server error.'",
    async (status) => {
      const { api, banners } = setup([
        () =>
          Response.json(
            { isSuccess: false, value: null, errors: ['body.amount: expected number'], showMessage: true },
            { status },
          ),
      ]);
      const error = await api.call(clinics).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status,
        message: 'body.amount: expected number',
        endpoint: 'GET /api/company/clinics',
        envelope: { errors: ['body.amount: expected number'] },
      });
      expect(banners).toEqual([{ intent: 'danger', message: 'There was an unexpected server error.' }]);
    },
  );

  it('sends the person to the terms on a 403 that asks for them: the terms-required event, no banner', async () => {
    const { api, banners, termsRequired } = setup([
      () =>
        Response.json(
          {
            isSuccess: false,
            value: null,
            errors: ['Accept the terms of service to continue.'],
            showMessage: false,
            nextStep: 'ACCEPT_TERMS',
          },
          { status: 403 },
        ),
    ]);
    await expect(api.call(clinics)).rejects.toMatchObject({ status: 403 });
    expect(termsRequired).toEqual([{ message: 'Accept the terms of service to continue.' }]);
    expect(banners).toEqual([]);
  });

  it('rejects an answer that is not an envelope (a proxy page) the same way', async () => {
    const { api, banners } = setup([() => new Response('<html>Bad gateway</html>', { status: 502 })]);
    await expect(api.call(clinics)).rejects.toMatchObject({ status: 502, envelope: null });
    expect(banners).toHaveLength(1);
  });

  it('rejects with status 0 and the banner when no answer arrives', async () => {
    const { api, banners } = setup([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    const error = (await api.call(clinics).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(banners).toEqual([{ intent: 'danger', message: 'There was an unexpected server error.' }]);
  });

  it('on a 401 renews the token and retries once, without a banner', async () => {
    const { api, auth, sent, banners } = setup([
      () =>
        Response.json(
          { isSuccess: false, value: null, errors: ['Sign in to continue.'], showMessage: true },
          { status: 401 },
        ),
      () => envelope({ clinics: [] }),
    ]);
    expect((await api.call(clinics)).isSuccess).toBe(true);
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(banners).toEqual([]);
  });

  it('retries only once: a second 401 rejects with status 401 and no banner', async () => {
    const unauthorized = () =>
      Response.json(
        { isSuccess: false, value: null, errors: ['Sign in to continue.'], showMessage: true },
        { status: 401 },
      );
    const { api, auth, fetch, banners } = setup([unauthorized, unauthorized]);
    await expect(api.call(clinics)).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(banners).toEqual([]);
  });

  it('does not retry when the token cannot be renewed', async () => {
    const { api, auth, fetch } = setup([() => new Response(null, { status: 401 })]);
    auth.refresh.mockResolvedValueOnce(null);
    await expect(api.call(clinics)).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const { api, auth, sent } = setup([() => envelope(null)]);
    auth.getToken.mockResolvedValueOnce(null);
    await api.call(clinics);
    expect(sent[0]!.headers.authorization).toBeUndefined();
  });

  it('counts requests in flight as progress, unless noProgress', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api, progress } = setup([
      async () => {
        await held;
        return envelope(1);
      },
      () => envelope(2),
      () => envelope(3),
    ]);
    const first = api.call(clinics);
    const second = api.call(clinics);
    await vi.waitFor(() => expect(progress).toEqual([1, 2]));
    release();
    await Promise.all([first, second]);
    await api.call(clinics, { noProgress: true });
    expect(progress).toEqual([1, 2, 1, 0]);
  });

  it('counts progress down when a request fails', async () => {
    const { api, progress } = setup([() => new Response('', { status: 500 })]);
    await api.call(clinics).catch(() => undefined);
    expect(progress).toEqual([1, 0]);
  });

  it('aborts through the signal: rejects with an AbortError, no banner, progress back to 0', async () => {
    const { api, banners, progress } = setup([
      (_sent, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    ]);
    const controller = new AbortController();
    const pending = api.call(clinics, { signal: controller.signal });
    await vi.waitFor(() => expect(progress).toEqual([1]));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(banners).toEqual([]);
    expect(progress).toEqual([1, 0]);
  });

  it('does not send at all when the signal is already aborted', async () => {
    const { api, fetch } = setup([]);
    const controller = new AbortController();
    controller.abort();
    await expect(api.call(clinics, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends an Idempotency-Key on endpoints that move money, the same one on the retry', async () => {
    const { api, sent } = setup([
      () => new Response(null, { status: 401 }),
      () => envelope(null),
      () => envelope(null),
      () => envelope(null),
    ]);
    await api.call(pay, { body: { amount: 100 } });
    const [first, retry] = sent;
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);

    await api.call(pay, { body: { amount: 100 }, idempotencyKey: 'pay-plan-7-cycle-3' });
    expect(sent[2]!.headers['idempotency-key']).toBe('pay-plan-7-cycle-3');

    await api.call(clinics, { idempotencyKey: 'ignored' });
    expect(sent[3]!.headers['idempotency-key']).toBeUndefined();
  });

  it('makes a fresh key for each new request', async () => {
    const { api, sent } = setup([() => envelope(null), () => envelope(null)]);
    await api.call(pay, { body: { amount: 1 } });
    await api.call(pay, { body: { amount: 1 } });
    expect(sent[0]!.headers['idempotency-key']).not.toBe(sent[1]!.headers['idempotency-key']);
  });

  it('reads a binary answer as a Blob with its type', async () => {
    const { api, sent } = setup([
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }),
    ]);
    const blob = await api.callBinary(avatar, { query: { id: 4 } });
    expect(blob.type).toBe('image/png');
    expect(blob.size).toBe(3);
    expect(sent[0]!.headers.accept).toBe('*/*');
  });

  it('lets a caller that reports failures itself turn the banner off', async () => {
    const { api, banners } = setup([
      () =>
        Response.json(
          { isSuccess: false, value: null, errors: ['none'], showMessage: true },
          { status: 404 },
        ),
    ]);
    await expect(api.callBinary(avatar, { query: { id: 4 }, noBanner: true })).rejects.toMatchObject({
      status: 404,
    });
    expect(banners).toEqual([]);
  });
});
