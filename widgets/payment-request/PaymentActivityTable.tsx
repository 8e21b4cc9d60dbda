/**
 * Approved and declined text-to-pay payments of the request, newest first; nothing when none. Where
 * the page can show a transaction's details (the portal), each payment's date opens them.
 */
import {
  Link,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { TEXT } from './texts.js';

export function PaymentActivityTable({
  rows,
  onOpenTransaction,
}: {
  rows: readonly Transaction[];
  /** Opens a payment's Transaction Details (the page places them). */
  onOpenTransaction?: (transaction: Transaction) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={TEXT.paymentActivity}>
      <Subtitle2 as="h3">{TEXT.paymentActivity}</Subtitle2>
      <Table size="small" aria-label={TEXT.paymentActivity}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{TEXT.date}</TableHeaderCell>
            <TableHeaderCell>{TEXT.card}</TableHeaderCell>
            <TableHeaderCell>{TEXT.amount}</TableHeaderCell>
            <TableHeaderCell>{TEXT.status}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((t) => (
            <TableRow key={t.id}>
              <TableCell>
                {onOpenTransaction ? (
                  <Link as="button" onClick={() => onOpenTransaction(t)}>
                    {formatDateTime(t.created)}
                  </Link>
                ) : (
                  formatDateTime(t.created)
                )}
              </TableCell>
              <TableCell>{t.cardDescription ?? TEXT.none}</TableCell>
              <TableCell>
                {formatCurrency(t.amount)}
                {t.hasSurcharging && ` (${TEXT.surcharge} ${formatCurrency(t.surchargeAmount)})`}
              </TableCell>
              <TableCell>
                {t.status === 'APPROVED' ? TEXT.approved : TEXT.declined}
                {t.status === 'DECLINED' && t.reason ? `: ${t.reason}` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
