/**
 * What a payment plan's row shows, the same on the Payment Plans page and on the patient page: its
 * status (the server's label, with the day it was canceled or completed), the past-due amount
 * (highlighted when there is one) and how far along it is ('Cycle X of Y'); and the columns that
 * show them, with their headers.
 */
import {
  Badge,
  makeStyles,
  mergeClasses,
  ProgressBar,
  TableCell,
  TableHeaderCell,
  Text,
  tokens,
} from '@fluentui/react-components';
import { WarningFilled } from '@fluentui/react-icons';
import { formatCurrency, formatDate } from '../../../embed-sdk/format/index.js';
import { FREQUENCY_LABELS } from '../../../widgets/payment-plan/index.js';
import type { PaymentPlanListRow } from '../../../embed-sdk/contract/paymentPlan.js';

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
  progress: { minWidth: '120px' },
  bar: { width: '100%', marginTop: '2px' },
});

type StatusRow = Pick<PaymentPlanListRow, 'status' | 'statusLabel' | 'cancelledDate' | 'completedDate'>;

function badgeColor(plan: StatusRow) {
  if (plan.status === 'INACTIVE') return 'subtle' as const;
  if (plan.status === 'COMPLETE') return 'brand' as const;
  return plan.statusLabel === 'Active' ? ('success' as const) : ('informative' as const);
}

/** The plan tables' column widths: the status fits 'Starting on next billing date' on one line. */
export const usePlanColumns = makeStyles({
  status: { width: '196px' },
  date: { width: '108px' },
  money: {
    width: '108px',
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    '& > div, & > button': { justifyContent: 'flex-end' },
  },
  progress: { width: '184px' },
});

export function PlanStatus({ plan }: { plan: StatusRow }) {
  const styles = useStyles();
  const on =
    plan.status === 'INACTIVE' ? plan.cancelledDate : plan.status === 'COMPLETE' ? plan.completedDate : null;
  return (
    <span className={styles.stack}>
      <Badge appearance="tint" color={badgeColor(plan)} className={styles.badge}>
        {plan.statusLabel}
      </Badge>
      {on ? (
        <Text size={200} className={styles.muted}>
          {formatDate(on)}
        </Text>
      ) : null}
    </span>
  );
}

export function PastDue({ amount }: { amount: number }) {
  const styles = useStyles();
  if (amount <= 0) return <span className={styles.muted}>{formatCurrency(0)}</span>;
  return (
    <span className={styles.pastDue}>
      <WarningFilled aria-hidden />
      {formatCurrency(amount)}
    </span>
  );
}

export function CycleProgress({
  plan,
}: {
  plan: Pick<PaymentPlanListRow, 'currentCycle' | 'cycleCount' | 'frequency' | 'isCash'>;
}) {
  const styles = useStyles();
  const share = plan.cycleCount > 0 ? Math.min(1, plan.currentCycle / plan.cycleCount) : 0;
  return (
    <span className={mergeClasses(styles.stack, styles.progress)}>
      <Text>{`Cycle ${plan.currentCycle} of ${plan.cycleCount}`}</Text>
      <span className={styles.bar} aria-hidden>
        <ProgressBar value={share} thickness="medium" />
      </span>
      <Text size={200} className={styles.muted}>
        {`${FREQUENCY_LABELS[plan.frequency]} · ${plan.isCash ? 'Cash or check' : 'Card'}`}
      </Text>
    </span>
  );
}

export function NextBilling({ date }: { date: string | null }) {
  const styles = useStyles();
  return date ? <>{formatDate(date)}</> : <span className={styles.muted}>—</span>;
}

/** The header cells after the first column (which says whose plan it is, or when it was made). */
export function PlanHeaderCells() {
  const columns = usePlanColumns();
  return (
    <>
      <TableHeaderCell className={columns.status}>Status</TableHeaderCell>
      <TableHeaderCell className={columns.date}>Next billing</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Plan total</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Balance</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Past due</TableHeaderCell>
      <TableHeaderCell className={columns.progress}>Progress</TableHeaderCell>
    </>
  );
}

/** A plan's cells after the first column, matching PlanHeaderCells. */
export function PlanRowCells({ plan }: { plan: PaymentPlanListRow }) {
  const columns = usePlanColumns();
  return (
    <>
      <TableCell>
        <PlanStatus plan={plan} />
      </TableCell>
      <TableCell>
        <NextBilling date={plan.nextBillingDate} />
      </TableCell>
      <TableCell className={columns.money}>{formatCurrency(plan.paymentPlanTotal)}</TableCell>
      <TableCell className={columns.money}>{formatCurrency(plan.balanceDue)}</TableCell>
      <TableCell className={columns.money}>
        <PastDue amount={plan.balancePastDue} />
      </TableCell>
      <TableCell>
        <CycleProgress plan={plan} />
      </TableCell>
    </>
  );
}
