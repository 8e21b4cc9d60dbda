/**
 * The admin area's Import Transactions and Post Approval (`#/admin/importTransactions`,
 * `#/admin/postApproval`, issue 35). Administrators only; each change is audited.
 *
 * Import: a processor's settlement file (CSV) becomes unassociated approved payments of a practice,
 * which its staff then associate with their patients. The preview parses it and names every bad row
 * by its line; the import writes the good rows in batches, reporting its progress, and skips any
 * row already a payment (by its transaction ID), so an import run twice imports nothing twice.
 *
 * Post Approval: a charge the card processor approved whose record was never written (the request
 * that made it was lost, and no claim was left to replay) is written as the approved payment it is:
 * the patient's when the card is on someone's file, else unassociated.
 */
import { z } from 'zod';
import { Id } from './common.js';
import { get, post } from './endpoint.js';

/** The file's largest size: a request carries at most 1 MB, and 10,000 rows fit well inside. */
export const IMPORT_MAX_CHARACTERS = 900_000;
export const IMPORT_MAX_ROWS = 20_000;

/**
 * The columns a file must have (any order, any case, spaces or underscores alike) and those it may
 * have. Each name lists what processors' exports call it.
 */
export const IMPORT_COLUMNS = {
  transactionId: ['transaction id', 'transactionid', 'reference', 'reference id', 'id'],
  date: ['date', 'transaction date', 'created', 'created at'],
  amount: ['amount', 'total'],
  cardType: ['card type', 'brand', 'card brand'],
  last4: ['last 4', 'last four', 'card last 4', 'last4'],
  name: ['name', 'name on card', 'cardholder', 'cardholder name'],
  status: ['status'],
} as const;
export const IMPORT_REQUIRED_COLUMNS = ['transactionId', 'date', 'amount'] as const;

const ImportBody = z
  .object({
    companyId: Id,
    /** The file's text. */
    csv: z
      .string()
      .min(1, 'is empty')
      .max(
        IMPORT_MAX_CHARACTERS,
        `must be at most ${IMPORT_MAX_CHARACTERS.toLocaleString('en-US')} characters: split the file`,
      ),
  })
  .strict();

export const ImportProblem = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportRow = z.object({
  line: z.number().int(),
  transactionId: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  amount: z.number().int(),
  cardType: z.string().nullable(),
  last4: z.string().nullable(),
  name: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportPreview = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** The rows that will be imported, and their total (cents). */
  rows: z.number().int(),
  total: z.number().int(),
  /** The first of them, as they will be written. */
  sample: z.array(ImportRow),
  /** Every row that will not be, with its line and why. */
  problems: z.array(ImportProblem),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const previewImport = post('/api/admin/import/preview', {
  summary:
    "Reads a processor's CSV file for a practice: how many rows would be imported as unassociated payments, their total, the first of them, and every bad row with its line. Writes nothing.",
  body: ImportBody,
  value: ImportPreview,
});

export const ImportResult = z.object({
  companyId: z.number().int(),
  /** RUNNING while its batches are written; DONE once all are. */
  state: z.enum(['RUNNING', 'DONE']),
  /** The good rows, and how many of them are written so far. */
  rows: z.number().int(),
  imported: z.number().int(),
  total: z.number().int(),
  problems: z.array(ImportProblem),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const importTransactions = post('/api/admin/import', {
  summary:
    "Imports a processor's CSV file's good rows as unassociated approved payments of the practice, in batches; a bad row is skipped and named by its line, a row already a payment is skipped. Audited. Run again with its key, it finishes what it began and imports nothing twice.",
  body: ImportBody,
  value: ImportResult,
  idempotent: true,
});

export const importProgress = get('/api/admin/import/progress', {
  summary: 'How far the import made with this Idempotency-Key has come (its batches are written one by one).',
  query: z.object({ companyId: Id, key: z.string().trim().min(1).max(200) }).strict(),
  value: ImportResult.nullable(),
});

/** An approval at the processor with no payment recorded. */
export const UnrecordedApproval = z.object({
  referenceId: z.string(),
  /** The transaction ID as the lists will show it. */
  transactionId: z.string(),
  amount: z.number().int(),
  approvedAt: z.string(),
  cardType: z.string(),
  cardDescription: z.string(),
  /** The patient whose card it is, when it is on someone's file at the practice. */
  patientName: z.string().nullable(),
  patientId: z.number().int().nullable(),
});
export type UnrecordedApproval = z.infer<typeof UnrecordedApproval>;

export const unrecordedApprovals = get('/api/admin/approvals/unrecorded', {
  summary:
    "The practice's charges the card processor approved with no payment recorded, newest first (those of the last two minutes may still be recorded by their own request, and are left out).",
  query: z.object({ companyId: Id }).strict(),
  value: z.object({ approvals: z.array(UnrecordedApproval) }),
});

export const POST_APPROVAL_SOURCES = ['VIRTUALTERMINAL', 'TERMINAL'] as const;

export const postApproval = post('/api/admin/approvals/post', {
  summary:
    "Writes the approved payment of a charge the processor approved and no payment records: the card's patient's when it is on someone's file, else unassociated; queued for the practice system as any payment. Audited.",
  body: z
    .object({
      companyId: Id,
      referenceId: z.string().trim().min(1, 'is required').max(100),
      source: z.enum(POST_APPROVAL_SOURCES),
    })
    .strict(),
  value: z.object({ transactionId: z.string(), referenceId: z.string(), patientName: z.string().nullable() }),
  idempotent: true,
});
