/**
 * What a membership's row shows, the same on the Memberships page and on the patient page: its status
 * pill (the rules' texts: Active; Canceled and Expired with their dates; Awaiting Completion), its
 * plans, cycle and amount a cycle, the next payment (with the next retry of a declined charge), the
 * renewal (the rules' label and date) and the past-due balance, highlighted when there is one.
 */
import { Badge, makeStyles, TableCell, TableHeaderCell, Text } from '@fluentui/react-components';
import type { MembershipCycle, MembershipListRow } from '../../../embed-sdk/contract/membership.js';
import { formatCurrency, formatDate } from '../../../embed-sdk/format/index.js';
import { membershipStatusPill, renewalInfo } from '../../../embed-sdk/rules/memberships.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { NoValue, PastDueAmount, WithNote } from '../../components/recordCells.js';

const useStyles = makeStyles({
  badge: { whiteSpace: 'nowrap' },
});

export const CYCLE_LABELS: Record<MembershipCycle, string> = { MONTHLY: 'Monthly', YEARLY: 'Yearly' };

export function MembershipStatus({ row }: { row: MembershipListRow }) {
  const styles = useStyles();
  const pill = membershipStatusPill(row);
  return (
    <Badge appearance="tint" color={pill.tone} className={styles.badge}>
      {pill.text}
    </Badge>
  );
}

/** The plans' labels, a repeated plan once with its count ("Smile Club Kids × 2"). */
export function plansText(plans: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const plan of plans) counts.set(plan, (counts.get(plan) ?? 0) + 1);
  return [...counts].map(([plan, n]) => (n > 1 ? `${plan} × ${n}` : plan)).join(', ');
}

function NextPayment({ row }: { row: MembershipListRow }) {
  if (row.status !== 'ACTIVE' || row.nextBillingDate === null) return <NoValue />;
  return (
    <WithNote note={row.nextRetryDate ? `Retry ${formatDate(row.nextRetryDate)}` : null}>
      <Text wrap={false}>{formatDate(row.nextBillingDate)}</Text>
    </WithNote>
  );
}

function Renewal({ row }: { row: MembershipListRow }) {
  const info = renewalInfo(row);
  return (
    <WithNote note={info.date ? formatDate(info.date) : null}>
      <Text wrap={false}>{info.label}</Text>
    </WithNote>
  );
}

/** The header cells after the first column (which says whose membership it is, or when it started). */
export function MembershipHeaderCells() {
  const columns = useListColumns();
  return (
    <>
      <TableHeaderCell>Status</TableHeaderCell>
      <TableHeaderCell className={columns.elastic}>Plans</TableHeaderCell>
      <TableHeaderCell>Cycle</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Amount</TableHeaderCell>
      <TableHeaderCell>Next payment</TableHeaderCell>
      <TableHeaderCell>Renewal</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Balance</TableHeaderCell>
    </>
  );
}

/** A membership's cells after the first column, matching MembershipHeaderCells. */
export function MembershipRowCells({ row }: { row: MembershipListRow }) {
  const columns = useListColumns();
  return (
    <>
      <TableCell className={columns.nowrap}>
        <MembershipStatus row={row} />
      </TableCell>
      <TableCell className={columns.elastic}>
        <Truncated text={plansText(row.plans)} width="fill" />
      </TableCell>
      <TableCell className={columns.nowrap}>{CYCLE_LABELS[row.cycle]}</TableCell>
      <TableCell className={columns.money}>{formatCurrency(row.amount)}</TableCell>
      <TableCell className={columns.nowrap}>
        <NextPayment row={row} />
      </TableCell>
      <TableCell className={columns.nowrap}>
        <Renewal row={row} />
      </TableCell>
      <TableCell className={columns.money}>
        <PastDueAmount amount={row.balance} />
      </TableCell>
    </>
  );
}
