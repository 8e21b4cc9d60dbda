/**
 * The admin lists' filter (Dentists, Admin Users, Gateways): a search and a page, in the address
 * (`#/admin/companies?q=smiles&page=2`), so that a list can be linked to and Back returns to it.
 */
import { useFilterInAddress } from '../components/useFilterInAddress.js';

export interface AdminListFilter {
  search: string;
  page: number;
}

const searchAndPage = {
  filterFromParams: (params: URLSearchParams): AdminListFilter => ({
    search: params.get('q') ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  }),
  paramsFromFilter: (filter: AdminListFilter) => {
    const out = new URLSearchParams();
    if (filter.search) out.set('q', filter.search);
    if (filter.page > 1) out.set('page', String(filter.page));
    return out;
  },
};

/** The list call's query: the search only when there is one. */
export interface AdminListQuery {
  search?: string;
  page: number;
}

export function useAdminListFilter() {
  const { filter, update } = useFilterInAddress(searchAndPage);
  const query: AdminListQuery = { ...(filter.search ? { search: filter.search } : {}), page: filter.page };
  return { ...filter, query, update };
}
