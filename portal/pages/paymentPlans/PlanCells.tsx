/**
 * What a payment plan's row shows, the same on the Payment Plans page and on the patient page: its
 * status (the server's label, with the day it was canceled or completed), the past-due amount
 * (highlighted when there is one) and how far along it is ('Cycle X of Y'); and the columns that
 * show them, with their headers.
 */
import { Badge, makeStyles, ProgressBar, TableCell, TableHeaderCell, Text } from '@fluentui/react-components';
import { formatCurrency, formatDate } from '../../../embed-sdk/format/index.js';
import { FREQUENCY_LABELS } from '../../../widgets/payment-plan/index.js';
import type { PaymentPlanListRow } from '../../../embed-sdk/contract/paymentPlan.js';
import { useListColumns } from '../../../widgets/ui/listColumns.js';
import { NoValue, PastDueAmount, WithNote } from '../../components/recordCells.js';

const useStyles = makeStyles({
  badge: { whiteSpace: 'nowrap' },
  progress: { minWidth: '120px' },
  bar: { width: '100%', marginTop: '2px' },
});

type StatusRow = Pick<PaymentPlanListRow, 'status' | 'statusLabel' | 'cancelledDate' | 'completedDate'>;

function badgeColor(plan: StatusRow) {
  if (plan.status === 'INACTIVE') return 'subtle' as const;
  if (plan.status === 'COMPLETE') return 'brand' as const;
  return plan.statusLabel === 'Active' ? ('success' as const) : ('informative' as const);
}

export function PlanStatus({ plan }: { plan: StatusRow }) {
  const styles = useStyles();
  const on =
    plan.status === 'INACTIVE' ? plan.cancelledDate : plan.status === 'COMPLETE' ? plan.completedDate : null;
  return (
    <WithNote note={on ? formatDate(on) : null}>
      <Badge appearance="tint" color={badgeColor(plan)} className={styles.badge}>
        {plan.statusLabel}
      </Badge>
    </WithNote>
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
    <WithNote
      className={styles.progress}
      note={`${FREQUENCY_LABELS[plan.frequency]} · ${plan.isCash ? 'Cash or check' : 'Card'}`}
    >
      <Text>{`Cycle ${plan.currentCycle} of ${plan.cycleCount}`}</Text>
      <span className={styles.bar} aria-hidden>
        <ProgressBar value={share} thickness="medium" />
      </span>
    </WithNote>
  );
}

export function NextBilling({ date }: { date: string | null }) {
  return date ? <>{formatDate(date)}</> : <NoValue />;
}

/** The header cells after the first column (which says whose plan it is, or when it was made). */
export function PlanHeaderCells() {
  const columns = useListColumns();
  return (
    <>
      <TableHeaderCell>Status</TableHeaderCell>
      <TableHeaderCell>Next billing</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Plan total</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Balance</TableHeaderCell>
      <TableHeaderCell className={columns.money}>Past due</TableHeaderCell>
      <TableHeaderCell>Progress</TableHeaderCell>
    </>
  );
}

/** A plan's cells after the first column, matching PlanHeaderCells. */
export function PlanRowCells({ plan }: { plan: PaymentPlanListRow }) {
  const columns = useListColumns();
  return (
    <>
      <TableCell className={columns.nowrap}>
        <PlanStatus plan={plan} />
      </TableCell>
      <TableCell className={columns.nowrap}>
        <NextBilling date={plan.nextBillingDate} />
      </TableCell>
      <TableCell className={columns.money}>{formatCurrency(plan.paymentPlanTotal)}</TableCell>
      <TableCell className={columns.money}>{formatCurrency(plan.balanceDue)}</TableCell>
      <TableCell className={columns.money}>
        <PastDueAmount amount={plan.balancePastDue} />
      </TableCell>
      <TableCell>
        <CycleProgress plan={plan} />
      </TableCell>
    </>
  );
}
