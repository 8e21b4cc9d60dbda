/**
 * The modal's panels: plan total (Cancel Plan), payments received (with the surcharge split),
 * upcoming payment (or 'Schedule Completed'), balance (Make a Payment) and the card on file
 * (Change Card). Actions show only when `actions` allows them.
 */
import {
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  Subtitle1,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { CardBrandBadge } from '../ui/CardBrandBadge.js';
import { formatExpiry } from '../ui/cardBrands.js';
import { adjustmentText, upcoming, type PlanActions } from './paymentPlan.js';
import { PLAN_MESSAGES, TEXT } from './texts.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: '12px',
  },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  label: { color: tokens.colorNeutralForeground3 },
  detail: { color: tokens.colorNeutralForeground2 },
  danger: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  action: { marginTop: 'auto', paddingTop: '8px', alignSelf: 'flex-start' },
  card: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  number: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
});

function Panel(props: { label: string; children: ReactNode; action?: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.panel} aria-label={props.label}>
      <Caption1 className={styles.label}>{props.label}</Caption1>
      {props.children}
      {props.action ? <div className={styles.action}>{props.action}</div> : null}
    </section>
  );
}

function Line({ children, tone }: { children: ReactNode; tone?: 'danger' }) {
  const styles = useStyles();
  return (
    <Text size={200} className={mergeClasses(styles.detail, tone === 'danger' && styles.danger)}>
      {children}
    </Text>
  );
}

export interface PlanPanelsProps {
  plan: PaymentPlan;
  actions: PlanActions;
  onCancelPlan: () => void;
  onMakePayment: () => void;
  onChangeCard: () => void;
  onPreloadPayment: () => void;
  onPreloadCards: () => void;
}

export function PlanPanels(props: PlanPanelsProps) {
  const { plan, actions } = props;
  const styles = useStyles();
  const next = upcoming(plan);
  const busy = plan.chargeInProgress;
  return (
    <div className={styles.grid}>
      <Panel
        label={TEXT.planTotal}
        action={
          actions.cancel ? (
            <Button size="small" disabled={busy} onClick={props.onCancelPlan}>
              {TEXT.cancelPlan}
            </Button>
          ) : null
        }
      >
        <Subtitle1>{formatCurrency(plan.paymentPlanTotal)}</Subtitle1>
        <Line>{TEXT.frequency[plan.frequency]}</Line>
        {plan.adjustments !== 0 && <Line>{TEXT.adjusted(adjustmentText(plan.adjustments))}</Line>}
      </Panel>

      <Panel label={TEXT.paymentsReceived}>
        <Subtitle1>{formatCurrency(plan.paidToDate)}</Subtitle1>
        {plan.paidToDateSurcharge > 0 && (
          <>
            <Line>
              {TEXT.surcharge}: {formatCurrency(plan.paidToDateSurcharge)}
            </Line>
            <Line>
              {TEXT.cardProcessed}: {formatCurrency(plan.paidToDate + plan.paidToDateSurcharge)}
            </Line>
          </>
        )}
      </Panel>

      <Panel label={TEXT.upcomingPayment}>
        {next.kind === 'scheduled' ? (
          <>
            <Subtitle1>{formatCurrency(next.amount)}</Subtitle1>
            <Line>{TEXT.on(formatDate(next.date))}</Line>
            {next.surcharge > 0 && (
              <>
                <Line>
                  {TEXT.surcharge}: {formatCurrency(next.surcharge)}
                </Line>
                <Line>
                  {TEXT.total}: {formatCurrency(next.amount + next.surcharge)}
                </Line>
              </>
            )}
          </>
        ) : next.kind === 'completed' ? (
          <Subtitle1>{PLAN_MESSAGES.scheduleCompleted}</Subtitle1>
        ) : (
          <Line>{TEXT.noneScheduled}</Line>
        )}
      </Panel>

      <Panel
        label={TEXT.balance}
        action={
          actions.makePayment ? (
            <Button
              size="small"
              appearance="primary"
              disabled={busy}
              onPointerEnter={props.onPreloadPayment}
              onFocus={props.onPreloadPayment}
              onClick={props.onMakePayment}
            >
              {TEXT.makePayment}
            </Button>
          ) : null
        }
      >
        <Subtitle1>{formatCurrency(plan.balanceDue)}</Subtitle1>
        {plan.balancePastDue > 0 && (
          <Line tone="danger">{TEXT.pastDueAmount(formatCurrency(plan.balancePastDue))}</Line>
        )}
      </Panel>

      <Panel
        label={TEXT.cardOnFile}
        action={
          actions.changeCard ? (
            <Button
              size="small"
              disabled={busy}
              onPointerEnter={props.onPreloadCards}
              onFocus={props.onPreloadCards}
              onClick={props.onChangeCard}
            >
              {TEXT.changeCard}
            </Button>
          ) : null
        }
      >
        {plan.card && !plan.isCash ? (
          <>
            <span className={styles.card}>
              <CardBrandBadge cardType={plan.card.cardType} size="small" />
              <span className={styles.number}>{plan.card.description}</span>
            </span>
            <Line>{TEXT.expires(formatExpiry(plan.card.expMonth, plan.card.expYear))}</Line>
            {!plan.card.isActive && <Line tone="danger">{TEXT.cardRemoved}</Line>}
          </>
        ) : (
          <Line>{TEXT.noCard}</Line>
        )}
      </Panel>
    </div>
  );
}
