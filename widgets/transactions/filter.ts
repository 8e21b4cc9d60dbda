/**
 * The transactions list's filter (the spec's transaction filter, part 2 section 3, with the filter
 * bar issue 19 designs): a date range with presets, a source, a status, a patient, a transaction ID
 * and the two kinds of unassociated payments, and the page. It reads from and writes to an address's
 * query (the portal's `#/transactions?…`), so a link or a reload keeps it. Pure: today is given.
 */
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import type { PaymentMethod } from '../../embed-sdk/contract/dashboard.js';
import type {
  TransactionFilter,
  TransactionSort,
  TransactionStatusFilter,
} from '../../embed-sdk/contract/transaction.js';
import { formatIsoDay } from '../../embed-sdk/format/date.js';
import { PAYMENT_METHOD_LABELS, SOURCE_LABELS } from '../../embed-sdk/format/transactions.js';
import { PAGE_SIZE } from '../ui/paging.js';

export type DatePreset = 'all' | 'today' | 'last7' | 'month' | 'custom';
export const DATE_PRESETS: readonly DatePreset[] = ['all', 'today', 'last7', 'month', 'custom'];

/** The spec's states (part 2, section 4): approved, refunded (in full or in part), voided, declined. */
export const STATUS_CHOICES: readonly TransactionStatusFilter[] = [
  'APPROVED',
  'REFUNDED',
  'VOIDED',
  'DECLINED',
  'PAID',
];
export type StatusChoice = 'all' | TransactionStatusFilter;

/** The list's orders (the spec's sortOption); newest first by default (section 9). */
export const SORTS: readonly TransactionSort[] = [
  'Date:descending',
  'Date:ascending',
  'Amount:descending',
  'Amount:ascending',
];
export const DEFAULT_SORT: TransactionSort = 'Date:descending';

export interface TransactionListFilter {
  dates: DatePreset;
  /** The custom range's days (YYYY-MM-DD), '' when open. */
  startDate: string;
  endDate: string;
  source: TransactionSource | 'all';
  status: StatusChoice;
  /** A patient (their Chairside customer id). */
  customerId: number | null;
  /** A transaction ID as people see it (or a whole reference id). */
  transactionId: string;
  /** Only unassociated payments: of the payment page, and/or of the terminals. */
  paymentPageOrphans: boolean;
  otherOrphans: boolean;
  /**
   * What a report's figure narrows the list to (its link's `methods`, `clinics` and `providers`):
   * payment methods, the payer's clinics (0: none) and procedure providers. The bar shows each one
   * that is set, with a button that clears it.
   */
  methods: PaymentMethod[];
  clinicNums: number[];
  providers: string[];
  /** [sortOption] */
  sort: TransactionSort;
  page: number;
}

export const EMPTY_FILTER: TransactionListFilter = {
  dates: 'all',
  startDate: '',
  endDate: '',
  source: 'all',
  status: 'all',
  customerId: null,
  transactionId: '',
  paymentPageOrphans: false,
  otherOrphans: false,
  methods: [],
  clinicNums: [],
  providers: [],
  sort: DEFAULT_SORT,
  page: 1,
};

/** What a widget placement narrows the list to, whatever the filter says (its attributes). */
export interface ListScope {
  customerKey?: number;
  notificationId?: string;
  paymentPlanDetailId?: number;
  /** An administrator's every practice, with the dentist column. */
  companyWide?: boolean;
  /** With `companyWide`: one practice only (its page in the admin area). */
  companyId?: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const METHODS = Object.keys(PAYMENT_METHOD_LABELS);
/** The contract's bounds on the lists (a longer or odd one in an address is cut, never refused). */
const MAX_LISTED = 100;
const MAX_CLINIC = 2_147_483_647;

/** A comma-separated parameter's values: trimmed, each once, in the order given. */
function listParam(params: URLSearchParams, name: string): string[] {
  const values = (params.get(name) ?? '').split(',').map((v) => v.trim());
  return [...new Set(values.filter(Boolean))].slice(0, MAX_LISTED);
}
// The contract's schemas are not in browser bundles: the sources are the labels' keys.
const SOURCES = Object.keys(SOURCE_LABELS);

export function filterFromParams(params: URLSearchParams): TransactionListFilter {
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return ISO_DAY.test(v) && formatIsoDay(v) === v ? v : '';
  };
  const dates = params.get('dates') as DatePreset | null;
  const source = (params.get('source') ?? '').toUpperCase();
  const status = (params.get('status') ?? '').toUpperCase();
  const patient = Number(params.get('patient') ?? '');
  const page = Number(params.get('page') ?? '1');
  const sort = params.get('sort') as TransactionSort | null;
  const orphans = (params.get('unassociated') ?? '').split(',');
  const startDate = day('from');
  const endDate = day('to');
  return {
    dates: dates && DATE_PRESETS.includes(dates) ? dates : startDate || endDate ? 'custom' : 'all',
    startDate,
    endDate,
    source: SOURCES.includes(source) ? (source as TransactionSource) : 'all',
    status: STATUS_CHOICES.includes(status as TransactionStatusFilter) ? (status as StatusChoice) : 'all',
    customerId: Number.isSafeInteger(patient) && patient > 0 ? patient : null,
    transactionId: (params.get('id') ?? '').trim().slice(0, 60),
    paymentPageOrphans: orphans.includes('page'),
    otherOrphans: orphans.includes('other'),
    methods: listParam(params, 'methods')
      .map((m) => m.toUpperCase())
      .filter((m, i, all) => METHODS.includes(m) && all.indexOf(m) === i) as PaymentMethod[],
    clinicNums: listParam(params, 'clinics')
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .filter((n, i, all) => n <= MAX_CLINIC && all.indexOf(n) === i),
    providers: listParam(params, 'providers').map((p) => p.slice(0, 100)),
    sort: sort && SORTS.includes(sort) ? sort : DEFAULT_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsFromFilter(filter: TransactionListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.dates !== 'all') params.set('dates', filter.dates);
  if (filter.dates === 'custom' && filter.startDate) params.set('from', filter.startDate);
  if (filter.dates === 'custom' && filter.endDate) params.set('to', filter.endDate);
  if (filter.source !== 'all') params.set('source', filter.source);
  if (filter.status !== 'all') params.set('status', filter.status.toLowerCase());
  if (filter.customerId !== null) params.set('patient', String(filter.customerId));
  if (filter.transactionId.trim()) params.set('id', filter.transactionId.trim());
  const orphans = [filter.paymentPageOrphans && 'page', filter.otherOrphans && 'other'].filter(Boolean);
  if (orphans.length > 0) params.set('unassociated', orphans.join(','));
  if (filter.methods.length > 0) params.set('methods', filter.methods.join(','));
  if (filter.clinicNums.length > 0) params.set('clinics', filter.clinicNums.join(','));
  if (filter.providers.length > 0) params.set('providers', filter.providers.join(','));
  if (filter.sort !== DEFAULT_SORT) params.set('sort', filter.sort);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** The days a preset stands for, as of `today` (the practice's calendar: the reader's). */
export function presetRange(dates: DatePreset, today: Date): { startDate?: string; endDate?: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const endDate = formatIsoDay(today);
  switch (dates) {
    case 'today':
      return { startDate: endDate, endDate };
    case 'last7':
      return { startDate: formatIsoDay(new Date(y, m, today.getDate() - 6)), endDate };
    case 'month':
      return { startDate: formatIsoDay(new Date(y, m, 1)), endDate };
    default:
      return {};
  }
}

export function datesOutOfOrder(filter: Pick<TransactionListFilter, 'dates' | 'startDate' | 'endDate'>) {
  return (
    filter.dates === 'custom' && !!filter.startDate && !!filter.endDate && filter.startDate > filter.endDate
  );
}

/**
 * The list call's body, without its page: also what Export CSV exports. Null for a range that cannot
 * be (its end before its start): the fields say so, and the list keeps what it showed last, never
 * every transaction.
 */
export function exportBody(
  filter: TransactionListFilter,
  scope: ListScope,
  today: Date,
): TransactionFilter | null {
  if (datesOutOfOrder(filter)) return null;
  const range =
    filter.dates === 'custom'
      ? {
          ...(filter.startDate ? { startDate: filter.startDate } : {}),
          ...(filter.endDate ? { endDate: filter.endDate } : {}),
        }
      : presetRange(filter.dates, today);
  return {
    ...(scope.customerKey !== undefined ? { customerKey: scope.customerKey } : {}),
    ...(scope.notificationId !== undefined ? { notificationId: scope.notificationId } : {}),
    ...(scope.paymentPlanDetailId !== undefined ? { paymentPlanDetailId: scope.paymentPlanDetailId } : {}),
    ...(scope.companyWide ? { companyWide: true } : {}),
    ...(scope.companyWide && scope.companyId !== undefined ? { companyId: scope.companyId } : {}),
    ...range,
    ...(filter.source !== 'all' ? { modules: [filter.source] } : {}),
    ...(filter.status !== 'all' ? { status: filter.status } : {}),
    ...(filter.customerId !== null ? { customerId: filter.customerId } : {}),
    ...(filter.transactionId.trim() ? { transactionId: filter.transactionId.trim() } : {}),
    ...(filter.paymentPageOrphans ? { viewPaymentPageOrphans: true } : {}),
    ...(filter.otherOrphans ? { viewOtherOrphans: true } : {}),
    ...(filter.methods.length > 0 ? { methods: filter.methods } : {}),
    ...(filter.clinicNums.length > 0 ? { clinicNums: filter.clinicNums } : {}),
    ...(filter.providers.length > 0 ? { providers: filter.providers } : {}),
    sort: filter.sort,
  };
}

/** The list call's body: the spec's page size 10, in the order chosen; null as `exportBody`. */
export function listBody(
  filter: TransactionListFilter,
  scope: ListScope,
  today: Date,
): TransactionFilter | null {
  const body = exportBody(filter, scope, today);
  return body && { ...body, page: filter.page, pageSize: PAGE_SIZE };
}

/** Whether anything narrows the list (the bar then offers Clear filters; the order is not a filter). */
export function isFiltered(filter: TransactionListFilter): boolean {
  return paramsFromFilter({ ...filter, sort: DEFAULT_SORT, page: 1 }).toString() !== '';
}
