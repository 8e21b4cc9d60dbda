/**
 * What a report is, to the server: its call (the contract's endpoint, whose body is the report's
 * request), the statement that answers it, and the CSV of that answer. `definitions.ts` lists them;
 * the routes serve each one and the export writes any of them.
 */
import type { z } from 'zod';
import type { Endpoint } from '../../embed-sdk/contract/endpoint.js';
import type { ReportName, ReportRangeFields } from '../../embed-sdk/contract/reports.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';

/**
 * A CSV cell: text (written safely for spreadsheets), a count (as it is), an amount (`{ cents }`,
 * written as dollars with two decimals: 1250 → 12.50, -5 → -0.05), or nothing.
 */
export type CsvCell = string | number | { cents: number } | null;

export interface ReportDefinition<E extends Endpoint = Endpoint> {
  name: ReportName;
  /** Its call: a POST whose body is the report's request (the period, the clinics, its options). */
  endpoint: E;
  /** The answer, from the database's aggregates (no report adds up rows in Node). */
  run(
    ctx: AppContext,
    practice: PracticeId,
    request: z.output<E['body']> & ReportRangeFields,
  ): Promise<z.output<E['value']>>;
  /**
   * The CSV of an answer: its lines, the header first, in the words of the report's table.
   */
  csv(
    value: z.output<E['value']>,
    request: z.output<E['body']> & ReportRangeFields,
  ): Iterable<readonly CsvCell[]>;
}

/** Declares a report, keeping its request's and its answer's types together. */
export function defineReport<E extends Endpoint>(definition: ReportDefinition<E>): ReportDefinition<E> {
  return definition;
}
