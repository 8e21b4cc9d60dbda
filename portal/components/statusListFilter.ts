/**
 * A list page's filter kept in the address (`?status=pastdue&q=…&page=2&paymentPlanId=7`), so a link
 * (the dashboard's, the bell's) opens the page filtered or a record's modal open, and a reload keeps
 * it: the patient searched for, a status, the page, and the record whose modal is open. The Payment
 * Plans and Memberships pages each define theirs with their statuses, words and record.
 */
import { PAGE_SIZE } from '../../widgets/ui/paging.js';

export interface StatusListFilterDefinition<S extends string, V, K extends string> {
  /** The address's status values (other than 'all') and what the list call sends for each. */
  statuses: Record<S, V>;
  /** Other spellings an address may carry (the contract's own values, "cancelled"…). */
  aliases: Record<string, S>;
  /** The filter's name for the open record ('planId') and the address's ('paymentPlanId'). */
  openKey: K;
  openParam: string;
  /** What the list says it holds none of, by status: 'No payment plans yet.' */
  empty: Record<S | 'all', string>;
  /** What a search found none of, by status: 'past-due payment plans' (… match “smith”). */
  matching: Record<S | 'all', string>;
}

export type StatusListFilter<S extends string, K extends string> = {
  search: string;
  status: S | 'all';
  page: number;
} & Record<K, number | null>;

const positive = (raw: string | null) => {
  const n = Number(raw ?? '');
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
};

export function statusListFilter<S extends string, V, K extends string>(
  definition: StatusListFilterDefinition<S, V, K>,
) {
  type Filter = StatusListFilter<S, K>;
  const { statuses, aliases, openKey, openParam, empty, matching } = definition;

  const isStatus = (value: string): value is S => Object.hasOwn(statuses, value);

  function filterFromParams(params: URLSearchParams): Filter {
    const raw = (params.get('status') ?? 'all').toLowerCase();
    const status = aliases[raw] ?? raw;
    return {
      search: params.get('q') ?? '',
      status: isStatus(status) ? status : 'all',
      page: positive(params.get('page')) ?? 1,
      [openKey]: positive(params.get(openParam)),
    } as Filter;
  }

  function paramsFromFilter(filter: Filter): URLSearchParams {
    const params = new URLSearchParams();
    if (filter.search.trim()) params.set('q', filter.search);
    if (filter.status !== 'all') params.set('status', filter.status);
    if (filter.page > 1) params.set('page', String(filter.page));
    const open: number | null = filter[openKey];
    if (open !== null) params.set(openParam, String(open));
    return params;
  }

  /** The list call's body. */
  function listBody(filter: Filter): { status?: V; search?: string; page: number; pageSize: number } {
    const search = filter.search.trim().slice(0, 100);
    return {
      ...(filter.status !== 'all' ? { status: statuses[filter.status] } : {}),
      ...(search ? { search } : {}),
      page: filter.page,
      pageSize: PAGE_SIZE,
    };
  }

  /** What the page says when the filter finds nothing. */
  function emptyText(filter: Filter): string {
    const search = filter.search.trim();
    if (search) return `No ${matching[filter.status]} match “${search}”.`;
    return empty[filter.status];
  }

  return { filterFromParams, paramsFromFilter, listBody, emptyText, openParam };
}
