/**
 * JSON bodies have a depth and a size limit, checked on the raw text before anything parses or walks
 * them (issue 30, item 3): a body of `{"a":` + 20,000 `[` + 20,000 `]` + `}` answered 500 on every
 * endpoint (the NUL check recursed until the stack overflowed). Every POST of the contract now answers
 * it with a 400 naming the body, the card provider's endpoints too, and a body over 1 MB with a 413.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMITS, TOO_DEEP, TOO_LARGE } from '../../server/http/jsonBody.js';
import { nameOf, ROUTES } from '../support/attacks.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** The issue's body: about 40 KB. */
const ISSUE_BODY = `{"a":${nested(20_000)}}`;

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { errors: string[]; isSuccess: boolean } };
}

describe('a body nested too deep', () => {
  it("the issue's two requests: refundVoid and the public enrolment's completion answer 400 naming the body", async () => {
    for (const path of ['/api/transaction/refundVoid', '/api/public/membershipEnrollment/complete']) {
      const answer = await post(path, ISSUE_BODY);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ isSuccess: false, errors: [`body: ${TOO_DEEP}`] });
    }
  });

  const posts = ROUTES.filter((r) => r.endpoint.method === 'POST').map(
    (r) => [nameOf(r.endpoint), r] as const,
  );
  it.each(posts)('%s: 400 naming the body, never a server error', async (_name, { endpoint }) => {
    const answer = await post(endpoint.path, ISSUE_BODY);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors).toEqual([`body: ${TOO_DEEP}`]);
  });

  it('is refused one level past the limit, and read as usual at the limit (the contract then names the field)', async () => {
    const atLimit = `{"amount":${nested(JSON_BODY_LIMITS.depth - 1)}}`;
    const pastLimit = `{"amount":${nested(JSON_BODY_LIMITS.depth)}}`;
    const at = await post('/api/surcharge', atLimit);
    expect(at.status, at.text).toBe(400);
    expect(at.body.errors).toContain('body.amount: Invalid input: expected number, received array');
    const past = await post('/api/surcharge', pastLimit);
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([`body: ${TOO_DEEP}`]);
  });

  it('counts no bracket inside a string: a deep-looking text is a string like any other', async () => {
    const answer = await post(
      '/api/transaction/transactions',
      JSON.stringify({ transactionId: '['.repeat(50), pageSize: 10 }),
    );
    // The filter's transaction ID is at most 60 characters: the list answers, finding nothing.
    expect(answer.status, answer.text).toBe(200);
  });

  it("the card provider's endpoints refuse it too", async () => {
    const provider = new URL(server.ctx.cardProviderScriptUrl).origin;
    const res = await fetch(`${provider}/v1/nonces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: provider },
      body: `{"card":${nested(8_000)}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: `body: ${TOO_DEEP}` });
  });
});

describe('a body too large', () => {
  it('answers 413 naming the body, before reading it whole', async () => {
    const answer = await post(
      '/api/transaction/transactions',
      JSON.stringify({ transactionId: 'x'.repeat(JSON_BODY_LIMITS.bytes) }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual([`body: ${TOO_LARGE}`]);
  });
});

describe('wide objects and long arrays within the limits', () => {
  it('are read and refused by the contract, naming the field', async () => {
    const wide = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
    const widely = await post('/api/customerSavedCard/tokenize', JSON.stringify({ ...wide, nonce: 'n' }));
    expect(widely.status).toBe(400);
    expect(widely.body.errors.every((e) => e.startsWith('body'))).toBe(true);
    const long = await post(
      '/api/notification/remind',
      JSON.stringify({ ids: Array.from({ length: 20_000 }, () => crypto.randomUUID()) }),
    );
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual(['body.ids: Choose at most 100 payment requests.']);
    const longIds = await post(
      '/api/membershipPlan/reorder',
      JSON.stringify({ ids: Array.from({ length: 100_000 }, (_, i) => i + 1) }),
    );
    expect(longIds.status, longIds.text).toBe(400);
    expect(longIds.body.errors).toEqual(['body.ids: Too big: expected array to have <=200 items']);
  });
});
