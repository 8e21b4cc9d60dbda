/**
 * A list of patients pasted from the practice system for a bulk send of payment requests (Settings ›
 * Bulk payment requests): one patient a line, their patient number then the amount to ask. The
 * panel reads it as it is typed and the server reads it again before anything is written, with this
 * one rule, so that both refuse the same lines with the same words.
 *
 * Accepted forms of a line (what a practice system's export, a spreadsheet or a person gives):
 * - `1043, 125.00` — a comma; the amount may then have thousands commas (`1043, 1,250.00`);
 * - `1043;125.00`, `1043<TAB>125.00` (a spreadsheet's columns) or `1043 125.00`;
 * - the amount in dollars with at most 2 decimals, with or without a leading `$` (`$125`, `125.5`).
 * Blank lines are skipped, and so is a first line without any digit (a column header such as
 * `PatNum, Amount`). A patient listed twice is refused: the second line names the first.
 */
import { MAX_REQUEST_AMOUNT } from '../contract/paymentRequest.js';
import { formatCurrency } from '../format/currency.js';
import { parseMoneyToCents } from '../validation/money.js';

/** How many patients one bulk send may list. */
export const MAX_BULK_PATIENTS = 2_000;

export interface BulkListLine {
  /** The line's number in the pasted text (1 for the first). */
  line: number;
  patNum: number;
  /** Cents. */
  amount: number;
}

export interface BulkListProblem {
  line: number;
  reason: string;
}

export interface ParsedBulkList {
  lines: BulkListLine[];
  problems: BulkListProblem[];
}

/** The patient number and the amount of a line, split at its first separator (tab, semicolon, comma, space). */
function splitLine(text: string): [string, string] | null {
  for (const separator of ['\t', ';', ',']) {
    const at = text.indexOf(separator);
    if (at >= 0) return [text.slice(0, at).trim(), text.slice(at + 1).trim()];
  }
  const space = /\s+/.exec(text);
  if (!space) return null;
  return [text.slice(0, space.index).trim(), text.slice(space.index).trim()];
}

/** Why a line cannot be sent, or its patient and amount. */
function readLine(text: string): { patNum: number; amount: number } | { reason: string } {
  const parts = splitLine(text);
  if (!parts || parts[1] === '') {
    return { reason: 'It needs a patient number and an amount, e.g. "1043, 125.00".' };
  }
  const [patNumText, amountText] = parts;
  if (!/^\d{1,9}$/.test(patNumText) || Number(patNumText) < 1) {
    return { reason: `"${patNumText}" is not a patient number (a whole number, e.g. 1043).` };
  }
  const cents = parseMoneyToCents(amountText.replace(/^\$\s*/, ''));
  if (cents === null) {
    return { reason: `"${amountText}" is not an amount in dollars and cents (e.g. 125.00).` };
  }
  if (cents < 1) return { reason: 'The amount must be greater than zero.' };
  if (cents > MAX_REQUEST_AMOUNT) {
    return { reason: `The amount must be at most ${formatCurrency(MAX_REQUEST_AMOUNT)}.` };
  }
  return { patNum: Number(patNumText), amount: cents };
}

export function parseBulkRequestList(text: string): ParsedBulkList {
  const lines: BulkListLine[] = [];
  const problems: BulkListProblem[] = [];
  const firstLineOf = new Map<number, number>();
  let seenContent = false;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '') return;
    const isHeader = !seenContent && !/\d/.test(content);
    seenContent = true;
    if (isHeader) return;
    const read = readLine(content);
    if ('reason' in read) {
      problems.push({ line, reason: read.reason });
      return;
    }
    const first = firstLineOf.get(read.patNum);
    if (first !== undefined) {
      problems.push({ line, reason: `Patient ${read.patNum} is listed already, on line ${first}.` });
      return;
    }
    firstLineOf.set(read.patNum, line);
    lines.push({ line, ...read });
  });
  if (lines.length > MAX_BULK_PATIENTS) {
    problems.push({
      line: lines[MAX_BULK_PATIENTS]!.line,
      reason: `A bulk send may list at most ${MAX_BULK_PATIENTS.toLocaleString('en-US')} patients.`,
    });
  }
  return { lines, problems };
}

/** A problem as a person reads it in a list: "Line 3: …". */
export function problemText(problem: BulkListProblem): string {
  return `Line ${problem.line}: ${problem.reason}`;
}
