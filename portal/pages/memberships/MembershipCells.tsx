/**
 * What a membership's row shows, the same on the Memberships page and on the patient page: its status
 * pill (the rules' texts: Active; Canceled and Expired with their dates; Awaiting Completion), its
 * plans, cycle and amount a cycle, the next payment (with the next retry of a declined charge), the
 * renewal (the rules' label and date) and the past-due balance, highlighted when there is one.
 */
import { Badge, makeStyles, TableCell, TableHeaderCell, Text, tokens } from '@fluentui/react-components';
import { WarningFilled } from '@fluentui/react-icons';
import type { MembershipCycle, MembershipListRow } from '../../../embed-sdk/contract/membership.js';
import { formatCurrency, formatDate } from '../../../embed-sdk/format/index.js';
import { membershipStatusPill, renewalInfo } from '../../../embed-sdk/rules/memberships.js';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
  badge: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  pastDue: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  plans: { display: 'block', maxWidth: '240px' },
});

export const useMembershipColumns = makeStyles({
  status: { width: '150px' },
  plans: { width: '220px' },
  cycle: { width: '84px' },
  date: { width: '120px' },
  renewal: { width: '150px' },
  money: {
    width: '104px',
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    '& > div, & > button': { justifyContent: 'flex-end' },
  },
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
  const styles = useStyles();
  if (row.status !== 'ACTIVE' || row.nextBillingDate === null) return <span className={styles.muted}>—</span>;
  return (
    <span className={styles.stack}>
      <Text>{formatDate(row.nextBillingDate)}</Text>
      {row.nextRetryDate ? (
        <Text size={200} className={styles.muted}>{`Retry ${formatDate(row.nextRetryDate)}`}</Text>
      ) : null}
    </span>
  );
}

function Renewal({ row }: { row: MembershipListRow }) {
  const styles = useStyles();
  const info = renewalInfo(row);
  return (
    <span className={styles.stack}>
      <Text>{info.label}</Text>
      {info.date ? (
        <Text size={200} className={styles.muted}>
          {formatDate(info.date)}
        </Text>
      ) : null}
    </span>
  );
}

export function Balance({ amount }: { amount: number }) {
  const styles = useStyles();
  if (amount <= 0) return <span className={styles.muted}>{formatCurrency(0)}</span>;
  return (
    <span className={styles.pastDue}>
      <WarningFilled aria-hidden />
      {formatCurrency(amount)}
    </span>
  );
}

/** The header cells after the first column (which says whose membership it is, or when it started). */
export function MembershipHeaderCells() {
  const columns = useMembershipColumns();
  return (
    <>
      <TableHeaderCell className={columns.status}>Status</TableHeaderCell>
      <TableHeaderCell className={columns.plans}>Plans</TableHeaderCell>
      <TableHeaderCell className={columns.cycle}>Cycle</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Amount</TableHeaderCell>
      <TableHeaderCell className={columns.date}>Next payment</TableHeaderCell>
      <TableHeaderCell className={columns.renewal}>Renewal</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Balance</TableHeaderCell>
    </>
  );
}

/** A membership's cells after the first column, matching MembershipHeaderCells. */
export function MembershipRowCells({ row }: { row: MembershipListRow }) {
  const styles = useStyles();
  const columns = useMembershipColumns();
  return (
    <>
      <TableCell>
        <MembershipStatus row={row} />
      </TableCell>
      <TableCell>
        <span className={styles.plans}>{plansText(row.plans)}</span>
      </TableCell>
      <TableCell>{CYCLE_LABELS[row.cycle]}</TableCell>
      <TableCell className={columns.money}>{formatCurrency(row.amount)}</TableCell>
      <TableCell>
        <NextPayment row={row} />
      </TableCell>
      <TableCell>
        <Renewal row={row} />
      </TableCell>
      <TableCell className={columns.money}>
        <Balance amount={row.balance} />
      </TableCell>
    </>
  );
}
