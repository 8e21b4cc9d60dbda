/**
 * Log Files' filter, in the address (`#/admin/logfiles?level=warn&requestId=…&page=2&upTo=…`), so
 * that a search can be linked to (a request's lines) and Back returns to it. A change of filter
 * starts again at the newest lines; a later page keeps the newest line its first page had (`upTo`),
 * so that lines logged meanwhile do not shift it.
 */
import { LOG_LEVELS, type LogLevel } from '../../../embed-sdk/contract/logs.js';
import { useFilterInAddress } from '../../components/useFilterInAddress.js';

export interface LogFilter {
  level: LogLevel | '';
  practice: { id: number; name: string } | null;
  requestId: string;
  text: string;
  page: number;
  upTo: number | null;
}

const positive = (value: string | null) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

const inAddress = {
  filterFromParams: (params: URLSearchParams): LogFilter => {
    const practiceId = positive(params.get('practice'));
    return {
      level: LOG_LEVELS.find((l) => l === params.get('level')) ?? '',
      practice: practiceId
        ? { id: practiceId, name: params.get('practiceName') ?? `Practice ${practiceId}` }
        : null,
      requestId: params.get('requestId') ?? '',
      text: params.get('q') ?? '',
      page: positive(params.get('page')) ?? 1,
      upTo: positive(params.get('upTo')),
    };
  },
  paramsFromFilter: (f: LogFilter) => {
    const out = new URLSearchParams();
    if (f.level) out.set('level', f.level);
    if (f.practice) {
      out.set('practice', String(f.practice.id));
      out.set('practiceName', f.practice.name);
    }
    if (f.requestId) out.set('requestId', f.requestId);
    if (f.text) out.set('q', f.text);
    if (f.page > 1) {
      out.set('page', String(f.page));
      if (f.upTo) out.set('upTo', String(f.upTo));
    }
    return out;
  },
};

/** The call's query for the filter (its page and `upTo` apart). */
export function logQuery(f: LogFilter) {
  return {
    ...(f.level ? { level: f.level } : {}),
    ...(f.practice ? { companyId: f.practice.id } : {}),
    ...(f.requestId.trim() ? { requestId: f.requestId.trim() } : {}),
    ...(f.text.trim() ? { text: f.text.trim() } : {}),
  };
}

export function useLogFilter() {
  const { filter, update } = useFilterInAddress(inAddress);
  return {
    filter,
    /** A new filter: the newest lines again. */
    change: (change: Partial<Omit<LogFilter, 'page' | 'upTo'>>) => update({ ...change, page: 1, upTo: null }),
    /** Another page of the same list; the first page lets go of its anchor. */
    page: (page: number, newestId: number | undefined) =>
      update({ page, upTo: page === 1 ? null : (filter.upTo ?? newestId ?? null) }),
  };
}
