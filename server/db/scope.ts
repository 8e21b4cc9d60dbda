/**
 * Practice scoping. Every row of a practice-owned table carries its practice (`company_id`), and every
 * store function takes the practice it works in as its first argument after the database handle, as a
 * `PracticeId`, and builds the practice condition itself with `inPractice`. A caller's own conditions
 * are passed in and joined to it with AND, so that no caller can replace it (the trap this replaces:
 * a query builder that set the practice with `.where(...)`, which the caller's own `.where` then
 * silently replaced).
 *
 * tests/api/practice-scoping.test.ts records every statement the server runs while a practice member
 * calls every endpoint, and fails on any statement that reads or writes a practice-owned table
 * without constraining its `company_id` to the caller's practice. Code that runs without a caller
 * (the jobs, the public pages opened by a link's token) finds its records across practices by design
 * and says so where it does.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

declare const practiceIdBrand: unique symbol;

/**
 * A practice's id as stores take it: the caller's current practice (http/route.ts `practiceOf`), or
 * the practice of a record that was found without a caller (a job's plan, a link's request). A bare
 * number (a customer's id, a plan's) is not one, so it cannot be passed in its place by mistake.
 */
export type PracticeId = number & { readonly [practiceIdBrand]: true };

/**
 * The practice a record found without a caller belongs to: a billing job's plan, the request a
 * payment link opens, the integration a client id names.
 */
export function practiceOfRecord(record: { companyId: number }): PracticeId {
  return record.companyId as PracticeId;
}

/** The practice with this id, for the code that settles who is calling (the route's access check). */
export function asPracticeId(companyId: number): PracticeId {
  return companyId as PracticeId;
}

/**
 * The table's rows of this practice that also meet the caller's conditions: `company_id = practice
 * AND …`. A store's `where` on a practice-owned table is always one of these.
 */
export function inPractice(
  table: { companyId: AnyPgColumn },
  practice: PracticeId,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.companyId, practice), ...conditions)!;
}

/** A join of a practice-owned table to another row of the same practice: `a.company_id = b.company_id AND …`. */
export function samePractice(
  a: { companyId: AnyPgColumn },
  b: { companyId: AnyPgColumn },
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(a.companyId, b.companyId), ...conditions)!;
}
