/**
 * Export CSV of the filtered transactions list: every matching row, not only the page shown.
 *
 * `exportTransactions` answers a link that lives one minute. Its token is the credential: the
 * caller's practice (or, for an administrator, the company-wide view) and the filter, signed
 * (server/links/signedLinks.ts), so the browser can download the file by navigating to it. The download streams: the rows come
 * from the database a batch at a time (keyset pages, store.ts `transactionBatches`) and go out as
 * they are encoded, so memory holds one batch whatever the number of rows. The file is the list's
 * rows in the list's words (server/domain/transactions/exportCsv.ts), after a UTF-8 byte-order mark.
 */
import { TransactionFilter } from '../../embed-sdk/contract/transaction.js';
import type { AppContext } from '../context.js';
import { asPracticeId, practiceOfRecord } from '../db/scope.js';
import { csvLine, exportColumns, UTF8_BOM } from '../domain/transactions/exportCsv.js';
import { BadRequestError } from '../errors.js';
import { claimsOfToken, signedToken } from '../links/signedLinks.js';
import { listFilterOf, type Reader } from './list.js';
import { refundTotalsOf } from './store.js';
import { transactionBatches, type ExportedRow } from './listStore.js';

export const EXPORT_PATH = '/api/transaction/export.csv';

interface LinkClaims {
  /** The practice the link reads. */
  p: number;
  /** Minted for an administrator (the company-wide view may be in the filter). */
  a: boolean;
  /** The filter, as the list takes it. */
  f: unknown;
}

export async function exportLink(
  ctx: AppContext,
  reader: Reader,
  filter: TransactionFilter,
): Promise<{ url: string; expires: string }> {
  // The same refusals as the list's (the company-wide view), before a link exists.
  await listFilterOf(ctx, reader, TransactionFilter.parse(filter));
  const claims: LinkClaims = { p: reader.practice, a: reader.isAdmin, f: filter };
  const { token, expires } = signedToken(ctx.linkKey, claims);
  return { url: `${ctx.publicUrl}${EXPORT_PATH}?token=${token}`, expires: expires.toISOString() };
}

/** What the refunds or the void of each transaction of a batch add up to, asked of each practice. */
async function refundsOfBatch(ctx: AppContext, batch: ExportedRow[]) {
  const byPractice = new Map<number, number[]>();
  for (const t of batch) byPractice.set(t.companyId, [...(byPractice.get(t.companyId) ?? []), t.id]);
  const totals = await Promise.all(
    [...byPractice].map(([companyId, ids]) => refundTotalsOf(ctx.db, practiceOfRecord({ companyId }), ids)),
  );
  return new Map(totals.flatMap((m) => [...m]));
}

/**
 * The file an export link names: its name, and its lines as they are read. The token is checked
 * (and the filter settled) before the first line, so a bad link answers an error, not a broken file.
 */
export async function exportFile(ctx: AppContext, token: string) {
  const claims = claimsOfToken(ctx.linkKey, token, 'the list') as unknown as LinkClaims;
  const parsed = TransactionFilter.safeParse(claims.f);
  if (!parsed.success) {
    throw new BadRequestError('query.token', 'This export link is not valid. Export the list again.');
  }
  const reader: Reader = { practice: asPracticeId(claims.p), isAdmin: claims.a };
  const list = await listFilterOf(ctx, reader, parsed.data);
  const sort = parsed.data.sort;
  const companyWide = parsed.data.companyWide === true;
  const columns = exportColumns({ companyWide });
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(columns.header);
    if (!list) return;
    const names = new Map<number, string>();
    for await (const batch of transactionBatches(ctx.db, list.scope, list.filter, sort)) {
      const refunded = await refundsOfBatch(ctx, batch);
      if (companyWide) {
        for (const id of new Set(batch.map((t) => t.companyId))) {
          if (!names.has(id)) names.set(id, (await ctx.companies.get(asPracticeId(id)))?.name ?? '');
        }
      }
      yield batch
        .map((t) => {
          const refund = refunded.get(t.id);
          return csvLine(
            columns.cells({
              ...t,
              refundVoidType: refund?.type ?? null,
              refundVoidAmount: refund?.amount ?? null,
              removed: t.orphanRemoved !== null,
              companyName: names.get(t.companyId) ?? '',
            }),
          );
        })
        .join('');
    }
  }
  return { filename: `transactions-${ctx.clock.today()}.csv`, lines: lines() };
}
