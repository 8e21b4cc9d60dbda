/**
 * The Reports page's address (`#/reports/<name>?dates=lastMonth&clinics=1,2&groupBy=week`): which
 * period, which clinics and which of the report's options, so a link, a reload or Back keeps them;
 * and the report's request built from it. Pure: today is given (the SDK's `now()`, the server's
 * calendar where the sandbox clock was moved).
 */
import { formatIsoDay } from '../../embed-sdk/format/date.js';
import type { ReportOption } from './reportView.js';

export type ReportPreset =
  'thisMonth' | 'lastMonth' | 'last30' | 'thisQuarter' | 'lastQuarter' | 'thisYear' | 'lastYear' | 'custom';

export const REPORT_PRESETS: readonly { value: ReportPreset; label: string }[] = [
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'thisQuarter', label: 'This quarter' },
  { value: 'lastQuarter', label: 'Last quarter' },
  { value: 'thisYear', label: 'This year' },
  { value: 'lastYear', label: 'Last year' },
  { value: 'custom', label: 'Custom range' },
];

export const DEFAULT_PRESET: ReportPreset = 'thisMonth';

export interface ReportAddress {
  dates: ReportPreset;
  /** The custom range's days (YYYY-MM-DD), '' while a field is empty. */
  from: string;
  to: string;
  /** The clinics chosen; every clinic when empty. */
  clinics: number[];
  /** The report's options by key; a missing one takes its default. */
  options: Record<string, string>;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => ISO_DAY.test(v) && formatIsoDay(v) === v;

export function addressFromParams(params: URLSearchParams, options: readonly ReportOption[]): ReportAddress {
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return validDay(v) ? v : '';
  };
  const dates = params.get('dates');
  const from = day('from');
  const to = day('to');
  const clinics = [
    ...new Set(
      (params.get('clinics') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isSafeInteger(n) && n >= 1),
    ),
  ];
  const chosen: Record<string, string> = {};
  for (const option of options) {
    const value = params.get(option.key);
    if (value && option.choices.some((c) => c.value === value)) chosen[option.key] = value;
  }
  const preset = REPORT_PRESETS.find((p) => p.value === dates)?.value;
  return {
    dates: preset ?? (from || to ? 'custom' : DEFAULT_PRESET),
    from,
    to,
    clinics,
    options: chosen,
  };
}

export function paramsFromAddress(address: ReportAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (address.dates !== DEFAULT_PRESET) params.set('dates', address.dates);
  if (address.dates === 'custom' && address.from) params.set('from', address.from);
  if (address.dates === 'custom' && address.to) params.set('to', address.to);
  if (address.clinics.length > 0) params.set('clinics', address.clinics.join(','));
  for (const [key, value] of Object.entries(address.options)) params.set(key, value);
  return params;
}

/** The days a preset stands for, as of `today`; both included. */
export function presetDays(
  preset: Exclude<ReportPreset, 'custom'>,
  today: Date,
): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const quarter = m - (m % 3);
  const day = (year: number, month: number, date: number) => formatIsoDay(new Date(year, month, date));
  switch (preset) {
    case 'thisMonth':
      return { from: day(y, m, 1), to: formatIsoDay(today) };
    case 'lastMonth':
      return { from: day(y, m - 1, 1), to: day(y, m, 0) };
    case 'last30':
      return { from: day(y, m, today.getDate() - 29), to: formatIsoDay(today) };
    case 'thisQuarter':
      return { from: day(y, quarter, 1), to: formatIsoDay(today) };
    case 'lastQuarter':
      return { from: day(y, quarter - 3, 1), to: day(y, quarter, 0) };
    case 'thisYear':
      return { from: day(y, 0, 1), to: formatIsoDay(today) };
    case 'lastYear':
      return { from: day(y - 1, 0, 1), to: day(y - 1, 11, 31) };
  }
}

/** Why a custom range cannot be asked for, or null when it can. */
export function customRangeProblem(address: Pick<ReportAddress, 'dates' | 'from' | 'to'>): string | null {
  if (address.dates !== 'custom') return null;
  if (!address.from || !address.to) return 'Choose the first and the last day.';
  if (address.to < address.from) return 'The end date must not be before the start date.';
  return null;
}

/**
 * The report's request: the period's days, the clinics and every option (its default when the
 * address names none). Null while the custom range is not whole; the server checks the rest (a
 * period over five years) and names the field.
 */
export function requestFromAddress(
  address: ReportAddress,
  options: readonly ReportOption[],
  today: Date,
): Record<string, unknown> | null {
  if (customRangeProblem(address)) return null;
  const days =
    address.dates === 'custom' ? { from: address.from, to: address.to } : presetDays(address.dates, today);
  const chosen = Object.fromEntries(options.map((o) => [o.key, address.options[o.key] ?? o.defaultValue]));
  return {
    ...days,
    ...(address.clinics.length > 0 ? { clinicNums: address.clinics } : {}),
    ...chosen,
  };
}
