/**
 * One row of the schedule as it reads: the cycle ('Down Payment' for cycle 0), the date with its
 * subtitle, the amount (with surcharge and total when the plan has a surcharge), and the action
 * menu on rows not processed yet, or what became of a processed row.
 */
import { Badge, Caption1, TableCell, TableRow, Text } from '@fluentui/react-components';
import type { PaymentPlan, PaymentPlanDetail } from '../../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency, formatDate } from '../../../embed-sdk/format/index.js';
import { lineSurcharge } from '../../../embed-sdk/rules/surcharge.js';
import { dateSubtitle, outcomeOf, rowName, type ScheduleAction } from './schedule.js';
import { ScheduleRowMenu } from './ScheduleRowMenu.js';
import { SCHEDULE_TEXT } from './texts.js';
import { useScheduleStyles } from './useScheduleStyles.styles.js';

const OUTCOMES = {
  paid: { text: SCHEDULE_TEXT.paid, color: 'success' },
  declined: { text: SCHEDULE_TEXT.declined, color: 'danger' },
  skipped: { text: SCHEDULE_TEXT.skipped, color: 'informative' },
} as const;

export interface ScheduleRowProps {
  plan: Pick<PaymentPlan, 'hasSurcharge' | 'surchargeRateBps'>;
  detail: PaymentPlanDetail;
  today: string;
  actions: readonly ScheduleAction[];
  actionsDisabled: boolean;
  onAction: (action: ScheduleAction) => void;
}

export function ScheduleRow({ plan, detail, today, actions, actionsDisabled, onAction }: ScheduleRowProps) {
  const styles = useScheduleStyles();
  const name = rowName(detail);
  const subtitle = dateSubtitle(detail, today);
  const outcome = outcomeOf(detail);
  const surcharge = lineSurcharge(detail.amountDue, plan);
  const isToday = !detail.processedToLedger && detail.billingDate === today;
  return (
    <TableRow aria-label={name}>
      <TableCell className={styles.cycleCell}>
        {detail.isDownPayment ? SCHEDULE_TEXT.downPayment : detail.cycle}
      </TableCell>
      <TableCell className={styles.dateCell}>
        <div className={styles.dateStack}>
          <Text className={detail.processedToLedger ? styles.done : undefined}>
            {formatDate(detail.billingDate)}
          </Text>
          <Caption1 className={isToday ? styles.today : styles.subtitle}>{subtitle}</Caption1>
        </div>
      </TableCell>
      <TableCell className={styles.number}>{formatCurrency(detail.amountDue)}</TableCell>
      {plan.hasSurcharge && (
        <>
          <TableCell className={styles.number}>{formatCurrency(surcharge)}</TableCell>
          <TableCell className={styles.number}>{formatCurrency(detail.amountDue + surcharge)}</TableCell>
        </>
      )}
      <TableCell className={styles.actionCell}>
        {outcome !== null ? (
          <Badge appearance="tint" color={OUTCOMES[outcome].color}>
            {OUTCOMES[outcome].text}
          </Badge>
        ) : (
          actions.length > 0 && (
            <ScheduleRowMenu
              rowName={name}
              actions={actions}
              disabled={actionsDisabled}
              onAction={onAction}
            />
          )
        )}
      </TableCell>
    </TableRow>
  );
}
