/**
 * Every endpoint's query and body, mutated by a property-based generator built from its zod schema
 * (issue 17): wrong types, missing and extra fields, huge strings, NUL, boundary integers and dates,
 * bodies that are not objects, bodies nested past the JSON depth limit, wide objects and long arrays
 * (issue 30), besides requests the contract accepts. Never a server error, and every 400 names the
 * field it is about (or `body`, for a body the server would not read).
 *
 * FUZZ_CASES sets the cases per endpoint (100 by default). Each run draws new cases: the run's seed is
 * random, printed at the end and in a failure, and FUZZ_SEED replays it. A fixed seed tested the same
 * 200 cases on every run; 100 new ones each run cover more over the runs, in half the time.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../embed-sdk/contract/endpoint.js';
import { hostileArbitrary, ruleBreakers, sampleAccepted } from '../support/contractArbitraries.js';
import { inPool, nameOf, realRecords, ROUTES, send } from '../support/attacks.js';
import { recordsOf, type RecordIds } from '../support/practiceRecords.js';
import { startTestServer, type TestServer } from '../support/server.js';

const CASES = Number(process.env.FUZZ_CASES ?? 100);
const RUN_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REPLAY = `FUZZ_SEED=${RUN_SEED} replays this run`;
/** A 400's errors each start with the field: `body.amount: …`, `query.id: …`, `headers.x: …`, `body: …`. */
const NAMES_A_FIELD = /^(query|body|headers)([.[][^:]*)?: \S/;

/**
 * Moving the sandbox's clock runs every job that falls due on the way (years of billing for a
 * random number of days): its three bounded numbers are tested with it, in tests/api/billing.test.ts.
 */
const NOT_FUZZED = new Set(['POST /sandbox/clock/advance']);

let server: TestServer;
let admin: string;
let own: RecordIds;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
  own = await recordsOf(server.ctx.db, 1);
});
afterAll(() => server?.close());

const routes = ROUTES.filter((r) => !NOT_FUZZED.has(nameOf(r.endpoint)));

/**
 * Publishing terms sends everyone, the fuzzing administrator too, back through the terms gate, which
 * would answer every later request with a 403 before reading it: after each request to it, the
 * administrator accepts the terms in force again.
 */
const PUBLISHES_TERMS = 'POST /api/admin/platform/terms';
async function acceptAgainAfter(endpoint: Endpoint) {
  if (nameOf(endpoint) !== PUBLISHES_TERMS) return;
  const accepted = await server.call('POST', '/api/auth/acceptTermsOfService', { token: admin });
  expect(accepted.status).toBe(200);
}
const tally = { requests: 0, refused: 0, serverErrors: 0 };

afterAll(() => {
  console.log(
    `contract fuzz: ${routes.length} endpoints × ${CASES} cases, ${tally.requests} requests, ${tally.refused} refused with a 400, ${tally.serverErrors} server errors (${REPLAY})`,
  );
});

describe('every endpoint, fuzzed: never a server error, and every 400 names a field', () => {
  it.each(routes.map((r) => [nameOf(r.endpoint), r] as const))(
    '%s',
    async (_name, route) => {
      const { endpoint } = route;
      // An administrator has every role: the requests reach as deep into each handler as they can.
      const hint = realRecords(endpoint, own);
      const seed = [...nameOf(endpoint)].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, RUN_SEED);
      const queries = fc.sample(hostileArbitrary(endpoint.query, hint), { numRuns: CASES, seed });
      const bodies =
        endpoint.method === 'POST'
          ? fc.sample(hostileArbitrary(endpoint.body, hint, { shapes: true }), {
              numRuns: CASES,
              seed: seed + 1,
            })
          : [];
      const problems: string[] = [];
      await inPool(
        Array.from({ length: CASES }, (_, i) => i),
        3,
        async (i) => {
          // Half the cases attack the query, half the body (a GET has only a query).
          const request =
            endpoint.method === 'POST' && i % 2 === 1
              ? { query: {}, body: bodies[i] }
              : { query: queries[i], body: endpoint.method === 'POST' ? bodies[(i + 1) % CASES] : undefined };
          const answer = await send(server, endpoint, { ...request, token: admin });
          await acceptAgainAfter(endpoint);
          tally.requests++;
          const where = `${JSON.stringify(request).slice(0, 300)}`;
          if (answer.status >= 500) {
            tally.serverErrors++;
            problems.push(`${where}\n  → ${answer.status} ${answer.text.slice(0, 300)}`);
          } else if (answer.status === 400) {
            tally.refused++;
            const errors = answer.body?.errors ?? [];
            if (errors.length === 0 || !errors.every((e) => NAMES_A_FIELD.test(e))) {
              problems.push(`${where}\n  → 400 that names no field: ${answer.text.slice(0, 300)}`);
            }
          }
        },
      );
      expect(problems.slice(0, 10), REPLAY).toEqual([]);
    },
    120_000,
  );
});

/**
 * Every rule the contract's schemas state (tests/support/contractArbitraries.ts `ruleBreakers`: an
 * enumeration's set, an array whose items name a thing once, a query number in decimal digits),
 * broken on purpose in a request the contract otherwise accepts: refused with a 400 naming the field
 * (issue 30: `allocate` took procStatus "ZZZZ", `?id=0x10` was read as 16, a repeated enrollee line
 * or billingMemberships id was taken).
 */
describe('every rule of the contract, broken in an accepted request: a 400 naming its field', () => {
  const withRules = routes.flatMap((r) =>
    (['query', 'body'] as const)
      .filter((part) => part === 'query' || r.endpoint.method === 'POST')
      .map((part) => [nameOf(r.endpoint), part, r] as const)
      .filter(([, part]) => ruleBreakers(r.endpoint[part]).length > 0),
  );
  it.each(withRules)(
    '%s (%s)',
    async (name, part, route) => {
      const { endpoint } = route;
      const hint = realRecords(endpoint, own);
      const seed = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
      const queries = sampleAccepted(endpoint.query, 20, seed, hint, `${name}'s query`);
      const bodies =
        endpoint.method === 'POST' ? sampleAccepted(endpoint.body, 20, seed + 1, hint, `${name}'s body`) : [];
      const problems: string[] = [];
      for (const breaker of ruleBreakers(endpoint[part])) {
        const samples = part === 'query' ? queries : bodies;
        const i = samples.findIndex((s) => breaker.break(s) !== undefined);
        if (i < 0) {
          problems.push(`${breaker.rule}: none of 20 accepted requests has it, to break`);
          continue;
        }
        const broken = breaker.break(samples[i]);
        expect(
          endpoint[part].safeParse(broken).success,
          `${breaker.rule}: the schema itself accepts it`,
        ).toBe(false);
        const request =
          part === 'query' ? { query: broken, body: bodies[i] } : { query: queries[i], body: broken };
        const answer = await send(server, endpoint, { ...request, token: admin });
        await acceptAgainAfter(endpoint);
        const at = `${part}.${breaker.field}`;
        const named = (answer.body?.errors ?? []).some(
          (e) => e.startsWith(`${at}:`) || e.startsWith(`${at}.`),
        );
        if (answer.status !== 400 || !named) {
          problems.push(`${breaker.rule}: ${answer.status} ${answer.text.slice(0, 300)}`);
        }
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );
});
