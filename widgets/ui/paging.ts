/**
 * How every list pages: ten rows to a page (spec part 1, "Default page size in the pagination
 * widget: 10"). Kept apart from ListFrame.tsx so that a list's filter can ask it without React.
 */

/** Rows to a page. */
export const PAGE_SIZE = 10;

/** How many pages `totalCount` rows fill (at least one). */
export function pageCount(totalCount: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}
