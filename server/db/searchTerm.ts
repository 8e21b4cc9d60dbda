/**
 * A person's search term (see domain/patients/searchTerm.ts) as a SQL condition on name, e-mail, phone and
 * patient-number columns. `lower(column) like 'prefix%'` is exactly the expression the
 * text_pattern_ops indexes on patients cover.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePrefix, parseSearchTerm } from '../domain/patients/searchTerm.js';

export interface SearchColumns {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  cell: AnyPgColumn;
  patNum: AnyPgColumn;
}

const startsWith = (column: AnyPgColumn, prefix: string) => sql`lower(${column}) like ${likePrefix(prefix)}`;

export function matchSearchTerm(raw: string, c: SearchColumns): SQL {
  const term = parseSearchTerm(raw);
  switch (term.kind) {
    case 'email':
      return startsWith(c.email, term.prefix);
    case 'number':
      return or(eq(c.patNum, term.patNum), sql`${c.cell} like ${likePrefix(term.digits)}`)!;
    case 'phone':
      return sql`${c.cell} like ${likePrefix(term.digits)}`;
    case 'fullName':
      return or(
        and(startsWith(c.firstName, term.first), startsWith(c.lastName, term.last)),
        and(startsWith(c.firstName, term.last), startsWith(c.lastName, term.first)),
      )!;
    case 'name':
      return or(
        startsWith(c.lastName, term.prefix),
        startsWith(c.firstName, term.prefix),
        startsWith(c.email, term.prefix),
      )!;
  }
}
