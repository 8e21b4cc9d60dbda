/**
 * Import Transactions (embed-sdk/contract/adminOperations.ts): a processor's settlement file becomes
 * unassociated approved payments of a practice. The file is read with csv-parse (quotes, embedded
 * commas and line breaks as RFC 4180 has them); each row is checked here, and a bad one is named by
 * its line and skipped, never the whole file. A row whose transaction ID is a payment already, in
 * this file or in the records, is skipped too, so an import run twice imports nothing twice.
 *
 * The good rows are written in batches of `BATCH` multi-row inserts, each batch its own transaction
 * (PGlite is one connection: the screen's progress reads, and every other request, get their turn
 * between batches), and the import's row counts them as they go.
 */
import { parse } from 'csv-parse/sync';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { IMPORTED_NOTE_LABEL } from '../../../embed-sdk/rules/refundWindow.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  type ImportRow,
} from '../../../embed-sdk/contract/adminOperations.js';
import type { CardType } from '../../../embed-sdk/contract/common.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { maskedDescription } from '../../card-provider/mask.js';
import { transactionResultIdFor } from '../../card-provider/reference.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { transactionImports, transactions } from '../../db/schema/index.js';
import { asPracticeId } from '../../db/scope.js';
import { BadRequestError } from '../../errors.js';
import { findPractice, type PracticeRecord } from '../../practices/store.js';
import { recordAudit, type AuditActor } from '../audit.js';

/** Rows written per transaction. */
const BATCH = 1_000;
/** How many rows the preview shows. */
const SAMPLE = 5;
/** The largest amount a row may carry: $99,999.99. */
const MAX_AMOUNT = 9_999_999;

type Column = keyof typeof IMPORT_COLUMNS;

const normal = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Which column of the file each field is, from its header. */
function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const n = normal(name);
    for (const [field, names] of Object.entries(IMPORT_COLUMNS) as [Column, readonly string[]][]) {
      if (found[field] === undefined && names.includes(n)) found[field] = index;
    }
  });
  return found;
}

const BRANDS: Record<string, CardType> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  'master card': 'MASTERCARD',
  mc: 'MASTERCARD',
  amex: 'AMERICAN_EXPRESS',
  'american express': 'AMERICAN_EXPRESS',
  discover: 'DISCOVER',
  jcb: 'JCB',
  diners: 'DINERS_CLUB',
  'diners club': 'DINERS_CLUB',
};

/** Cents from "1,234.56", "$12.30" or "12"; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const t = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [dollars, cents = ''] = t.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/** YYYY-MM-DD from "2026-11-28", "2026-11-28 14:03" or "11/28/2026"; null when it is no date. */
export function dayOf(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(t);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(t);
    if (!match) return null;
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const APPROVED = new Set(['approved', 'settled', 'captured', 'success', 'succeeded', 'paid']);

interface ReadFile {
  rows: ImportRow[];
  problems: ImportProblem[];
}

/** The file's good rows and its bad ones; a file that cannot be read at all is refused whole. */
export function readFile(csv: string, today: string): ReadFile {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new BadRequestError('body.csv', `is not a CSV file: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header) throw new BadRequestError('body.csv', 'is empty');
  const columns = columnsOf(header);
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => columns[c] === undefined);
  if (missing.length > 0) {
    const names = missing.map((c) => `"${IMPORT_COLUMNS[c][0]}"`).join(', ');
    throw new BadRequestError('body.csv', `has no ${names} column in its first line (the header)`);
  }
  if (body.length > IMPORT_MAX_ROWS) {
    throw new BadRequestError(
      'body.csv',
      `has ${body.length} rows; at most ${IMPORT_MAX_ROWS} are imported at once`,
    );
  }
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  body.forEach((record, index) => {
    // csv-parse skips empty lines, so a record's line is its own (the header is line 1).
    const line = index + 2;
    const cell = (c: Column) => (columns[c] === undefined ? '' : (record[columns[c]!] ?? '').trim());
    const refuse = (message: string) => problems.push({ line, message });
    const transactionId = cell('transactionId').toUpperCase();
    if (!transactionId) return refuse('has no transaction ID');
    if (!/^[A-Z0-9][A-Z0-9-]{2,59}$/.test(transactionId)) {
      return refuse(
        `transaction ID "${cell('transactionId')}" is not a processor's transaction ID (letters, digits and dashes)`,
      );
    }
    const amount = centsOf(cell('amount'));
    if (amount === null) return refuse(`amount "${cell('amount')}" is not a valid amount`);
    if (amount <= 0) return refuse('amount must be more than $0.00');
    if (amount > MAX_AMOUNT) return refuse(`amount must be at most ${formatCurrency(MAX_AMOUNT)}`);
    const date = dayOf(cell('date'));
    if (date === null) return refuse(`date "${cell('date')}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
    if (date > today) return refuse(`date ${date} is in the future`);
    const status = cell('status');
    if (status && !APPROVED.has(status.toLowerCase())) {
      return refuse(`status "${status}" is not an approved payment`);
    }
    const brand = cell('cardType');
    const cardType = brand ? (BRANDS[brand.toLowerCase()] ?? null) : null;
    if (brand && !cardType) return refuse(`card type "${brand}" is not a card brand we know`);
    const last4 = cell('last4').replace(/\D/g, '').slice(-4);
    if (cell('last4') && last4.length !== 4) return refuse(`last 4 "${cell('last4')}" is not four digits`);
    const first = seen.get(transactionId);
    if (first !== undefined) return refuse(`transaction ID ${transactionId} is on line ${first} already`);
    seen.set(transactionId, line);
    rows.push({
      line,
      transactionId,
      date,
      amount,
      cardType,
      last4: last4 || null,
      name: cell('name') || null,
    });
  });
  return { rows, problems };
}

/** The rows whose transaction ID is not a payment yet; the others named as problems. */
async function withoutRecorded(db: Db, file: ReadFile): Promise<ReadFile> {
  const recorded = new Set<string>();
  for (let i = 0; i < file.rows.length; i += BATCH) {
    const ids = file.rows.slice(i, i + BATCH).map((r) => r.transactionId);
    const found = await db
      .select({ id: transactions.referenceId })
      .from(transactions)
      .where(inArray(transactions.referenceId, ids));
    for (const f of found) recorded.add(f.id);
  }
  const problems = [...file.problems];
  const rows = file.rows.filter((r) => {
    if (!recorded.has(r.transactionId)) return true;
    problems.push({ line: r.line, message: `transaction ID ${r.transactionId} is a payment already` });
    return false;
  });
  problems.sort((a, b) => a.line - b.line);
  return { rows, problems };
}

async function practiceOf(db: Db, companyId: number): Promise<PracticeRecord> {
  const practice = await findPractice(db, asPracticeId(companyId));
  if (!practice) throw new BadRequestError('body.companyId', `there is no practice ${companyId}`);
  return practice;
}

const sum = (rows: ImportRow[]) => rows.reduce((t, r) => t + r.amount, 0);

export async function previewImport(
  ctx: AppContext,
  request: { companyId: number; csv: string },
): Promise<ImportPreview> {
  const practice = await practiceOf(ctx.db, request.companyId);
  const file = await withoutRecorded(ctx.db, readFile(request.csv, ctx.clock.today()));
  return {
    companyId: practice.id,
    companyName: practice.name,
    rows: file.rows.length,
    total: sum(file.rows),
    sample: file.rows.slice(0, SAMPLE),
    problems: file.problems,
  };
}

type ImportRecord = typeof transactionImports.$inferSelect;

const resultOf = (r: ImportRecord): ImportResult => ({
  companyId: r.companyId,
  state: r.state as ImportResult['state'],
  rows: r.rows,
  imported: r.imported,
  total: r.total,
  problems: r.problems,
});

export async function importProgress(db: Db, companyId: number, key: string): Promise<ImportResult | null> {
  const [row] = await db
    .select()
    .from(transactionImports)
    .where(and(eq(transactionImports.companyId, companyId), eq(transactionImports.key, key)));
  return row ? resultOf(row) : null;
}

/** The payment a row becomes: approved, by card, on no patient's file yet. */
function paymentOf(practice: PracticeRecord, row: ImportRow, note: string) {
  const [firstName, ...rest] = (row.name ?? '').split(/\s+/).filter(Boolean);
  return {
    companyId: practice.id,
    customerId: null,
    referenceId: row.transactionId,
    transactionResultId: transactionResultIdFor(row.transactionId),
    status: 'APPROVED',
    amount: row.amount,
    orderAmount: row.amount,
    surchargeAmount: 0,
    fundingSource: 'CARD',
    cardType: row.cardType,
    cardDescription: row.last4 ? maskedDescription(row.last4) : null,
    source: 'TERMINAL',
    // Noon, so that the day reads the same in every US time zone.
    created: new Date(`${row.date}T17:00:00Z`),
    firstName: firstName ?? null,
    lastName: rest.length > 0 ? rest.join(' ') : null,
    note,
    noteLabel: IMPORTED_NOTE_LABEL,
    practiceManagementStatus: 0,
  };
}

/**
 * Imports the file under the request's key: a first run records the import and writes its batches;
 * a run again after its server stopped finds the import and writes what is left (rows written already
 * are payments now, and skipped); a run again after it finished answers what it did.
 */
export async function importTransactions(
  ctx: AppContext,
  actor: AuditActor,
  request: { companyId: number; csv: string },
  key: string,
): Promise<ImportResult> {
  const practice = await practiceOf(ctx.db, request.companyId);
  const earlier = await importProgress(ctx.db, practice.id, key);
  if (earlier?.state === 'DONE') return earlier;
  const read = readFile(request.csv, ctx.clock.today());
  const file = await withoutRecorded(ctx.db, read);
  const now = ctx.clock.now();
  const note = `Imported from the processor's file by ${actor.email}`;
  if (!earlier) {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(transactionImports).values({
        companyId: practice.id,
        key,
        state: 'RUNNING',
        rows: file.rows.length,
        total: sum(file.rows),
        problems: file.problems,
        actorEmail: actor.email,
        startedAt: now,
      });
      await recordAudit(
        tx,
        actor,
        {
          action: 'import.transactions',
          companyId: practice.id,
          targetType: 'import',
          targetId: key,
          after: { rows: file.rows.length, total: sum(file.rows), badRows: file.problems.length },
        },
        now,
      );
    });
  }
  for (let i = 0; i < file.rows.length; i += BATCH) {
    const batch = file.rows.slice(i, i + BATCH);
    await ctx.db.transaction(async (tx) => {
      const written = await tx
        .insert(transactions)
        .values(batch.map((r) => paymentOf(practice, r, note)))
        .onConflictDoNothing({ target: transactions.referenceId })
        .returning({ id: transactions.id });
      await tx
        .update(transactionImports)
        .set({ imported: sql`${transactionImports.imported} + ${written.length}` })
        .where(and(eq(transactionImports.companyId, practice.id), eq(transactionImports.key, key)));
    });
    // PGlite has one connection: the screen's progress polls (and every other request) get their
    // turn between batches, instead of after the whole file.
    await yieldToOthers();
  }
  const [done] = await ctx.db
    .update(transactionImports)
    .set({ state: 'DONE', finishedAt: ctx.clock.now() })
    .where(and(eq(transactionImports.companyId, practice.id), eq(transactionImports.key, key)))
    .returning();
  return resultOf(done!);
}
