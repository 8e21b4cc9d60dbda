/**
 * The transactions CSV export: its columns (the ones people see in the list) and the encoding of a
 * row. package.json has no CSV library, so fields are quoted here by hand, as RFC 4180 says: a field
 * holding a quote, a comma or a line break is put in quotes with its quotes doubled, and lines end
 * with CRLF. A cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe, so a name typed on the payment page cannot run in
 * the office's spreadsheet (OWASP's "CSV injection").
 */
import { formatDateTime } from '../../../embed-sdk/format/date.js';
import { CARD_BRAND_NAMES, SOURCE_LABELS, patientCellText } from '../../../embed-sdk/format/transactions.js';
import type { CardType, TransactionSource } from '../../../embed-sdk/contract/common.js';

export const EXPORT_COLUMNS = [
  'Date',
  'Transaction ID',
  'Patient',
  'Source',
  'Payment Method',
  'Amount',
  'Surcharge',
  'Total',
  'Status',
  'Refunded/Voided',
  'Synced',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Cents as a plain decimal a spreadsheet adds up ("1234.50"). */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The practice-system sync status in words (0 pending, 1 failed, 2 posted). */
export function syncedText(status: number): string {
  if (status === 2) return 'Posted';
  if (status === 1) return 'Failed';
  return 'Pending';
}

export interface ExportedTransaction {
  created: Date;
  referenceId: string;
  customerId: number | null;
  firstName: string | null;
  lastName: string | null;
  source: string;
  terminalDescription: string | null;
  fundingSource: string;
  cardType: string | null;
  cardDescription: string | null;
  orderAmount: number;
  surchargeAmount: number;
  amount: number;
  status: string;
  practiceManagementStatus: number;
}

export interface ExportedRefund {
  type: 'REFUNDED' | 'VOIDED';
  amount: number;
}

function paymentMethod(t: ExportedTransaction): string {
  if (t.fundingSource === 'CASH') return 'Cash';
  if (t.fundingSource === 'CHECK') {
    const checkNumber = t.referenceId.split('#')[1];
    return checkNumber ? `Check #${checkNumber}` : 'Check';
  }
  const brand = CARD_BRAND_NAMES[t.cardType as CardType] ?? 'Card';
  return t.cardDescription ? `${brand} ${t.cardDescription}` : brand;
}

function sourceText(t: ExportedTransaction): string {
  const label = SOURCE_LABELS[t.source as TransactionSource] ?? t.source;
  return t.source === 'TERMINAL' && t.terminalDescription ? `${label} (${t.terminalDescription})` : label;
}

/** One transaction as the export's cells, in `EXPORT_COLUMNS` order. */
export function exportCells(t: ExportedTransaction, refunded: ExportedRefund | null): string[] {
  return [
    formatDateTime(t.created),
    t.referenceId.split('-')[0] ?? t.referenceId,
    patientCellText(t),
    sourceText(t),
    paymentMethod(t),
    decimal(t.orderAmount),
    decimal(t.surchargeAmount),
    decimal(t.amount),
    t.status === 'APPROVED' ? 'Approved' : 'Declined',
    refunded ? `${refunded.type === 'VOIDED' ? 'Voided' : 'Refunded'} ${decimal(refunded.amount)}` : '',
    syncedText(t.practiceManagementStatus),
  ];
}
