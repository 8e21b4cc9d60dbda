/**
 * Access, attacked on every endpoint the server registers (issue 17's suite, generated from the
 * contract, so an endpoint added later is covered the day it lands):
 * - no token, an expired one, one signed by another key, an unsigned one: 401, and no data;
 * - an id of another practice's record: the same answer as an id that exists nowhere;
 * - every endpoint that changes the practice's records, with the viewer's token: 403, and nothing
 *   in the database changed.
 */
import { sql } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insurancePayments, oidcKeys, practiceIntegrations } from '../../server/db/schema/index.js';
import { hashPassword } from '../../server/identity/passwords.js';
import { idFieldsOf, inPool, nameOf, ROUTES, sampleRequests, send, type Answer } from '../support/attacks.js';
import { changedTables, fingerprint } from '../support/fingerprint.js';
import { MISSING, recordsOf, type RecordIds } from '../support/practiceRecords.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
let admin: string;
let viewer: string;
/** Bright Smiles Dental, where the front desk and the administrator work. */
let own: RecordIds;
/** Cedar Family Dentistry, the viewer's current practice. */
let cedar: RecordIds;
/** Cedar's records as another practice's: only patient keys Bright Smiles does not have too. */
let foreignToOwn: RecordIds;

beforeAll(async () => {
  server = await startTestServer();
  [frontdesk, admin, viewer] = await Promise.all([
    server.tokenFor('frontdesk'),
    server.tokenFor('admin'),
    server.tokenWithTerms('viewer'),
  ]);
  // The demo has one practice-system integration, Bright Smiles'; Cedar gets one for the comparison.
  await server.ctx.db.insert(practiceIntegrations).values({
    clientId: 'cedar-addon-test',
    companyId: 2,
    name: 'Cedar add-on',
    secretHash: await hashPassword('cedar-secret'),
    roles: ['VIEWPAYMENTREQUESTS'],
  });
  // Reimbursements are Open Dental's: Cedar (Dentrix) has none, so it gets one to be foreign with.
  await server.ctx.db.insert(insurancePayments).values({
    companyId: 2,
    date: '2026-11-02',
    fundingSource: 'CHECK',
    referenceId: '100200',
    carrierName: 'Delta Dental',
  });
  own = await recordsOf(server.ctx.db, 1);
  cedar = await recordsOf(server.ctx.db, 2);
  foreignToOwn = await recordsOf(server.ctx.db, 2, 1);
});
afterAll(() => server?.close());

const guarded = ROUTES.filter((r) => r.access !== 'public');

describe('every endpoint without a good token', () => {
  async function badTokens(): Promise<[string, string | null][]> {
    const claims = decodeJwt(frontdesk);
    const [row] = await server.ctx.db
      .select()
      .from(oidcKeys)
      .where(sql`${oidcKeys.kind} = 'signing'`);
    const realKey = row!.material as JWK;
    const now = Math.floor(Date.now() / 1000);
    const sign = async (key: CryptoKey | Uint8Array, iat: number) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: realKey.kid!, typ: 'at+jwt' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + 600)
        .sign(key);
    const expired = await sign((await importJWK(realKey, 'RS256')) as CryptoKey, now - 3600);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    // The same kid: a forger would copy it from a real token's header.
    const otherKey = await sign((await importJWK(await exportJWK(privateKey), 'RS256')) as CryptoKey, now);
    const [, payload] = frontdesk.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    return [
      ['no token', null],
      ['an expired token', expired],
      ['a token signed by another key', otherKey],
      ['an unsigned token', unsigned],
      ['a token that is not a JWT', 'not-a-token'],
    ];
  }

  it('answers 401 with no data, before anything else', async () => {
    const tokens = await badTokens();
    const wrong: string[] = [];
    let calls = 0;
    await inPool(guarded, 4, async (route) => {
      const [valid] = sampleRequests(route.endpoint, own, 1, 17);
      // Who is calling is checked first: a request the contract would refuse gets the 401 too.
      const invalid = { query: { id: 'x' }, body: { amount: 'x' } };
      for (const [label, token] of tokens)
        for (const request of [valid, invalid]) {
          const answer = await send(server, route.endpoint, { ...request, token });
          calls++;
          const noData =
            answer.body !== null &&
            answer.body.isSuccess === false &&
            answer.body.value === null &&
            Object.keys(answer.body).sort().join() === 'errors,isSuccess,showMessage,value';
          if (answer.status !== 401 || !noData) {
            wrong.push(
              `${nameOf(route.endpoint)} with ${label}: ${answer.status} ${answer.text.slice(0, 160)}`,
            );
          }
        }
    });
    console.log(
      `access attacks: ${guarded.length} endpoints × ${tokens.length} bad tokens × a valid and an invalid request, ${calls} calls`,
    );
    expect(wrong).toEqual([]);
  });
});

describe("every endpoint given another practice's record", () => {
  /**
   * What must not differ between the two answers: the status, the errors (with the ids set aside)
   * and the value's structure, each list with its length. Values themselves may differ where a
   * request made something new both times (new ids, new references).
   */
  function normalized(answer: Answer, ids: (string | number)[], changesRecords: boolean) {
    const mask = (text: string) => ids.reduce<string>((t, id) => t.split(String(id)).join('<id>'), text);
    if (!answer.body) return `${answer.status} ${mask(answer.text).length > 0 ? 'bytes' : 'empty'}`;
    const { isSuccess, errors, showMessage, value } = answer.body;
    // A change that succeeded both times (the field did not matter to it) changed what the second
    // answer shows, a ledger one row longer: then the verdict must match, not the record.
    const shape = changesRecords && isSuccess ? 'changed' : structure(value);
    return JSON.stringify([answer.status, isSuccess, errors.map(mask), showMessage, shape]);
  }

  it('answers as if the record did not exist', async () => {
    const mismatches: string[] = [];
    let pairs = 0;
    let endpoints = 0;
    const callers: [string, string][] = [
      ['frontdesk', frontdesk],
      ['admin', admin],
    ];
    // The admin area reaches every practice's records by design, and refuses everyone else before it
    // reads a field: its calls are held to that by "every admin endpoint" below.
    await inPool(
      guarded.filter((r) => r.access !== 'admin'),
      2,
      async (route) => {
        const fields = idFieldsOf(route.endpoint);
        if (fields.length === 0) return;
        endpoints++;
        for (const [who, token] of callers) {
          for (const field of fields) {
            // An administrator may enter any practice: for them another practice is not a secret.
            if (who === 'admin' && field.kind === 'company') continue;
            const foreignIds = foreignToOwn[field.kind];
            // Patient keys are numbers within a practice: Cedar's keys are all Bright Smiles' too.
            if (field.kind === 'patientKey' && foreignIds.length === 0) continue;
            if (foreignIds.length === 0)
              throw new Error(`The demo data has no ${field.kind} at Cedar Family`);
            for (const [i, request] of sampleRequests(
              route.endpoint,
              own,
              2,
              100 + i0(field.path),
            ).entries()) {
              const foreign = foreignIds[i % foreignIds.length]!;
              const missing = MISSING[field.kind];
              const where =
                route.endpoint.method === 'GET' || field.path in (request.query ?? {}) ? 'query' : 'body';
              const withId = (id: string | number) => {
                const value = field.isArray ? [id] : id;
                return where === 'query'
                  ? { query: { ...request.query, [field.path]: value }, body: request.body }
                  : { query: request.query, body: { ...(request.body as object), [field.path]: value } };
              };
              const a = await send(server, route.endpoint, { ...withId(missing), token });
              const b = await send(server, route.endpoint, { ...withId(foreign), token });
              pairs++;
              const changes = route.endpoint.writes === 'records';
              if (
                a.status >= 500 ||
                normalized(a, [missing, foreign], changes) !== normalized(b, [missing, foreign], changes)
              ) {
                mismatches.push(
                  `${nameOf(route.endpoint)} ${field.path} as ${who}:\n  missing → ${a.status} ${a.text.slice(0, 200)}\n  foreign → ${b.status} ${b.text.slice(0, 200)}`,
                );
              }
            }
          }
        }
      },
    );
    console.log(`foreign-record attacks: ${endpoints} endpoints with ids, ${pairs} pairs compared`);
    expect(mismatches).toEqual([]);
  });
});

/** A value's shape: leaves become their type, lists keep their length. */
function structure(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structure);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, structure(v)]),
    );
  }
  return value === null ? null : typeof value;
}

/** A seed per field name, so that each field's requests differ but every run is the same. */
function i0(s: string) {
  return [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
}

describe("every endpoint that changes a practice's records, with the viewer's token", () => {
  it('refuses each with 403 and changes nothing', async () => {
    const changing = guarded.filter((r) => r.endpoint.writes === 'records');
    const wrong: string[] = [];
    let calls = 0;
    let before = await fingerprint(server.ctx.db);
    for (const route of changing) {
      // Where the route names its roles, they are checked before the request is: an invalid one
      // gets the 403 too. (Bringing a patient into Chairside is open to every member, and needs
      // an editing role only for what it changes, which only a valid request says.)
      const invalid = { query: { id: 'x' }, body: { amount: 'x' } };
      const probes = sampleRequests(route.endpoint, cedar, 2, 23);
      if (route.access !== 'member') probes.push(invalid);
      for (const request of probes) {
        const answer = await send(server, route.endpoint, { ...request, token: viewer });
        calls++;
        if (answer.status !== 403 || answer.body?.value !== null) {
          wrong.push(`${nameOf(route.endpoint)}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      }
      // The state after one endpoint's calls is the next one's before: nothing writes between them,
      // and a write that lands late is still seen (by the next endpoint's comparison).
      const after = await fingerprint(server.ctx.db);
      const changed = changedTables(before, after);
      before = after;
      if (changed.length > 0) wrong.push(`${nameOf(route.endpoint)} changed ${changed.join(', ')}`);
    }
    console.log(`viewer attacks: ${changing.length} endpoints that change records, ${calls} calls`);
    expect(changing.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

describe("every admin endpoint, with the front desk's token", () => {
  it('refuses each with 403 and changes nothing', async () => {
    const adminOnly = ROUTES.filter((r) => r.access === 'admin');
    const wrong: string[] = [];
    let before = await fingerprint(server.ctx.db);
    for (const route of adminOnly) {
      const probes = [
        ...sampleRequests(route.endpoint, own, 2, 31),
        { query: { id: 'x' }, body: { id: 'x' } },
      ];
      for (const request of probes) {
        const answer = await send(server, route.endpoint, { ...request, token: frontdesk });
        if (answer.status !== 403 || answer.body?.value !== null) {
          wrong.push(`${nameOf(route.endpoint)}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      }
      // The state after one endpoint's calls is the next one's before: nothing writes between them,
      // and a write that lands late is still seen (by the next endpoint's comparison).
      const after = await fingerprint(server.ctx.db);
      const changed = changedTables(before, after);
      before = after;
      if (changed.length > 0) wrong.push(`${nameOf(route.endpoint)} changed ${changed.join(', ')}`);
    }
    console.log(`admin attacks: ${adminOnly.length} admin endpoints refused to the front desk`);
    expect(adminOnly.map((r) => nameOf(r.endpoint))).toContain('GET /api/admin/audit');
    expect(wrong).toEqual([]);
  });
});
