/**
 * Practice scoping, checked on the statements themselves: a Drizzle logger records every statement
 * the server runs while a signed-in practice member calls every endpoint with valid requests naming
 * the practice's own records, and each statement that reads or writes a practice-owned table (one
 * with a `company_id` column) must constrain that table's `company_id` to the caller's practice, once
 * for each time it names the table: `"t"."company_id" = $n` with the practice as `$n`, a join
 * `"t"."company_id" = "u"."company_id"` to a table so constrained, or an insert whose `company_id` is
 * the practice. A store query that forgets the practice fails here whatever its other conditions.
 */
import { is } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema/index.js';
import { apiRoutes } from '../../server/http/routes/index.js';
import { nameOf, sampleRequests, send } from '../support/attacks.js';
import { recordsOf, type RecordIds } from '../support/practiceRecords.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The tables whose rows belong to a practice. */
const PRACTICE_OWNED = new Set(
  Object.values(schema)
    .filter((v) => is(v, PgTable))
    .map((t) => getTableConfig(t as PgTable))
    .filter((c) => c.columns.some((col) => col.name === 'company_id'))
    .map((c) => c.name),
);

interface Statement {
  query: string;
  params: unknown[];
}

const statements: Statement[] = [];
const recorder: Logger = { logQuery: (query, params) => statements.push({ query, params }) };

const count = (text: string, re: RegExp) => [...text.matchAll(re)].length;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The tuples of an insert's `values` list, each split into its values at its own commas: a value may
 * hold parentheses of its own (`case when exists (select …) then null else $9 end`).
 */
function topLevelTuples(values: string): string[][] {
  const tuples: string[][] = [];
  let depth = 0;
  let current: string[] = [];
  let part = '';
  for (const ch of values) {
    if (ch === '(') {
      depth++;
      if (depth === 1) {
        current = [];
        part = '';
        continue;
      }
    } else if (ch === ')') {
      depth--;
      if (depth === 0) {
        current.push(part.trim());
        tuples.push(current);
        continue;
      }
    } else if (ch === ',' && depth === 1) {
      current.push(part.trim());
      part = '';
      continue;
    }
    if (depth >= 1) part += ch;
  }
  return tuples;
}

/**
 * The practice-owned tables a statement names more often than it constrains them to the practice.
 * A person's read of their own memberships (every practice's: server/http/caller.ts) is theirs, not
 * a practice's: `user_companies` joined to the caller's own row (`caller`, their user id).
 */
export function unscopedTables(statement: Statement, practice: number, caller?: number): string[] {
  const { query, params } = statement;
  const isPractice = (n: string) => String(params[Number(n) - 1]) === String(practice);
  const constrained = new Map<string, number>();
  const add = (table: string, n = 1) => constrained.set(table, (constrained.get(table) ?? 0) + n);
  const own = /"users"\."id" = \$(\d+)/.exec(query);
  if (
    caller !== undefined &&
    own &&
    String(params[Number(own[1]) - 1]) === String(caller) &&
    query.includes('"user_companies"."user_id" = "users"."id"')
  ) {
    add('user_companies');
  }
  for (const m of query.matchAll(/"(\w+)"\."company_id" = \$(\d+)/g)) if (isPractice(m[2]!)) add(m[1]!);
  const insert = /^insert into "(\w+)" \(([^)]*)\) values (.*?)(?: on conflict| returning|$)/s.exec(query);
  if (insert) {
    const columns = insert[2]!.split(',').map((c) => c.trim());
    const at = columns.indexOf('"company_id"');
    const rows = topLevelTuples(insert[3]!);
    const scoped = rows.filter((r) => /^\$\d+$/.test(r[at] ?? '') && isPractice(r[at]!.slice(1)));
    if (at >= 0 && rows.length > 0 && scoped.length === rows.length) add(insert[1]!);
  }
  const named = (table: string) =>
    count(query, new RegExp(`(?:from|join|update|into) "${escape(table)}"`, 'g'));
  const short = (table: string) => named(table) > (constrained.get(table) ?? 0);
  // Each join on the practice (db/scope.ts `samePractice`) constrains one more use of a table, when
  // its other side is constrained.
  const links = [...query.matchAll(/"(\w+)"\."company_id" = "(\w+)"\."company_id"/g)].map((m) => [
    m[1]!,
    m[2]!,
  ]);
  for (let changed = true; changed;) {
    changed = false;
    for (const [i, link] of links.entries()) {
      const [a, b] = link;
      const to = short(b!) && constrained.has(a!) ? b : short(a!) && constrained.has(b!) ? a : null;
      if (to) {
        add(to);
        links.splice(i, 1);
        changed = true;
        break;
      }
    }
  }
  const problems: string[] = [];
  for (const table of PRACTICE_OWNED) if (short(table)) problems.push(table);
  return problems;
}

/**
 * An administrator's company-wide view of the transactions reads every practice by design
 * (tests/api/transactions.test.ts checks that only administrators get it): here each request stays
 * in the practice.
 */
function withinPractice<R extends { query: Record<string, unknown>; body: unknown }>(request: R): R {
  const narrow = (part: unknown) =>
    typeof part === 'object' && part !== null && 'companyWide' in part
      ? { ...part, companyWide: false }
      : part;
  return { ...request, query: narrow(request.query) as R['query'], body: narrow(request.body) };
}

let server: TestServer;
let token: string;
let practice: number;
let caller: number;
let own: RecordIds;

beforeAll(async () => {
  server = await startTestServer({}, { queryLogger: recorder });
  token = await server.tokenWithTerms('admin');
  const session = await server.call<{ companyId: number; userId: number }>('POST', '/api/auth/login', {
    token,
  });
  practice = session.body.value!.companyId;
  caller = session.body.value!.userId;
  own = await recordsOf(server.ctx.db, practice);
});
afterAll(() => server?.close());

describe('the checker itself', () => {
  it('accepts a statement scoped to the practice and refuses one that is not', () => {
    const scoped = {
      query:
        'select "id" from "saved_cards" where ("saved_cards"."company_id" = $1 and "saved_cards"."id" = $2)',
      params: [7, 3],
    };
    expect(unscopedTables(scoped, 7)).toEqual([]);
    expect(unscopedTables(scoped, 8)).toEqual(['saved_cards']);
    expect(
      unscopedTables(
        { query: 'select "id" from "saved_cards" where "saved_cards"."id" = $1', params: [3] },
        7,
      ),
    ).toEqual(['saved_cards']);
    // A person's own memberships are theirs to read; another person's are not.
    const memberships = {
      query:
        'select (select json_agg("roles") from "user_companies" where "user_companies"."user_id" = "users"."id") from "users" where "users"."id" = $1',
      params: [5],
    };
    expect(unscopedTables(memberships, 7, 5)).toEqual([]);
    expect(unscopedTables(memberships, 7, 6)).toEqual(['user_companies']);
    // Constrained in the subquery only: the outer use of the table is not.
    expect(
      unscopedTables(
        {
          query:
            'select * from "payment_plans" where "payment_plans"."id" in (select "payment_plans"."id" from "payment_plans" where "payment_plans"."company_id" = $1)',
          params: [7],
        },
        7,
      ),
    ).toEqual(['payment_plans']);
    expect(
      unscopedTables(
        {
          query:
            'insert into "outbox" ("id", "company_id", "channel") values (default, $1, $2), (default, $3, $4)',
          params: [7, 'SMS', 8, 'EMAIL'],
        },
        7,
      ),
    ).toEqual(['outbox']);
    expect(
      unscopedTables(
        {
          query:
            'insert into "outbox" ("id", "company_id", "sent_at") values (default, $1, case when exists (select 1 from "paused_queues" where "paused_queues"."queue" = $2) then null else $3::timestamptz end)',
          params: [7, 'OUTBOX', '2026-12-01T00:00:00Z'],
        },
        7,
      ),
    ).toEqual([]);
    expect(
      unscopedTables(
        {
          query:
            'select * from "refunds" inner join "transactions" on ("transactions"."company_id" = "refunds"."company_id" and "transactions"."id" = "refunds"."transaction_id") where ("refunds"."company_id" = $1)',
          params: [7],
        },
        7,
      ),
    ).toEqual([]);
  });
});

describe('every statement of every endpoint', () => {
  it("constrains each practice-owned table to the caller's practice", { timeout: 240_000 }, async () => {
    // The admin area reads every practice by design (the directory of practices, the audit log):
    // its calls are an administrator's only, held to that in attacks-access.test.ts.
    const routes = apiRoutes.filter((r) => r.access !== 'public' && r.access !== 'admin');
    const unscoped = new Map<string, Set<string>>();
    const seen = new Set<string>();
    let checked = 0;
    for (const route of routes) {
      for (const request of sampleRequests(route.endpoint, own, 2, 7)) {
        statements.length = 0;
        await send(server, route.endpoint, { ...withinPractice(request), token });
        for (const statement of statements) {
          for (const table of PRACTICE_OWNED) {
            if (new RegExp(`(?:from|join|update|into) "${escape(table)}"`).test(statement.query)) {
              seen.add(table);
              checked++;
            }
          }
          for (const table of unscopedTables(statement, practice, caller)) {
            const key = `${nameOf(route.endpoint)}: ${table}`;
            unscoped.set(key, (unscoped.get(key) ?? new Set()).add(statement.query));
          }
        }
      }
    }
    console.info(
      `practice scoping: ${routes.length} endpoints, ${checked} uses of practice-owned tables checked, tables seen: ${[...seen].sort().join(', ')}`,
    );
    expect(Object.fromEntries([...unscoped].map(([k, v]) => [k, [...v]]))).toEqual({});
    // The run reached the capabilities' stores, not only the access checks.
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'customers',
        'saved_cards',
        'payment_plans',
        'payment_ledger',
        'payment_requests',
        'transactions',
        'company_notifications',
      ]),
    );
  });
});
