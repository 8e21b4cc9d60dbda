/**
 * A fingerprint of the database's records, to show that calls changed nothing: each table's row
 * count and a digest of its rows in order. Left out: the identity provider's sessions, the
 * idempotency keys and the throttles' counters, which a call may change without changing a record;
 * and a card entry's exchange (a quote meets a nonce first): the card provider's single-use nonce
 * spent for its vaulted card (the provider's own tables, an outside service's in production) and
 * the card entry that keeps the card for 15 minutes, on no patient's file. The provider's charges
 * stay in: a quote that charged would show.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';

const NOT_RECORDS = [
  'oidc_payloads',
  'idempotency_keys',
  'rate_limits',
  'provider_nonces',
  'provider_cards',
  'card_entries',
];

/** Each table's `rows:digest`, by name. */
export async function fingerprint(db: Db): Promise<Map<string, string>> {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = (
    await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((r) => r.table_name)
    .filter((t) => !NOT_RECORDS.includes(t));
  const parts = tables.map(
    (t) =>
      sql`select ${t} as name, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(t)} x`,
  );
  const rows = await rowsOf<{ name: string; n: number; digest: string }>(sql.join(parts, sql` union all `));
  return new Map(rows.map((r) => [r.name, `${r.n}:${r.digest}`]));
}

/** The tables whose rows differ between two fingerprints, with their row counts before and after. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((t) => before.get(t) !== after.get(t))
    .map((t) => `${t} (${before.get(t)?.split(':')[0] ?? '-'} → ${after.get(t)?.split(':')[0] ?? '-'} rows)`);
}
