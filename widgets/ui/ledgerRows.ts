/** The Payment History rules a plan's and a membership's ledger share (spec part 2, "Payment ledger"). Pure. */
import type { PaymentLedgerRow } from '../../embed-sdk/contract/paymentPlan.js';
import { formatDate, formatTime } from '../../embed-sdk/format/index.js';

/** What the table reads of a row (a plan's ledger row, a membership's). */
export type LedgerTableRow = Pick<
  PaymentLedgerRow,
  | 'id'
  | 'dateTime'
  | 'description'
  | 'note'
  | 'cardType'
  | 'cardDescription'
  | 'orderAmount'
  | 'surcharge'
  | 'amount'
  | 'reason'
  | 'hasSurcharge'
>;

/** The Surcharge and Total columns show when any row has a surcharge. */
export function showsSurchargeColumns(rows: readonly Pick<LedgerTableRow, 'hasSurcharge'>[]): boolean {
  return rows.some((r) => r.hasSurcharge);
}

/** How a row is named (its action's label, its row's name): its description and when. */
export const ledgerRowName = (row: Pick<LedgerTableRow, 'description' | 'dateTime'>) =>
  `${row.description}, ${formatDate(row.dateTime)} ${formatTime(row.dateTime)}`;
