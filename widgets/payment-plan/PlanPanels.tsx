/**
 * The modal's panels: plan total (Cancel Plan), payments received (with the surcharge split),
 * upcoming payment (or 'Schedule Completed'), balance (Make a Payment) and the card on file
 * (Change Card). Actions show only when `actions` allows them.
 */
import { Button, Subtitle1 } from '@fluentui/react-components';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { CardOnFilePanel, DetailPanel, PanelGrid, PanelLine } from '../ui/DetailPanels.js';
import { adjustmentText, upcoming, type PlanActions } from './paymentPlan.js';
import { PLAN_MESSAGES, TEXT } from './texts.js';

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
  const next = upcoming(plan);
  const busy = plan.chargeInProgress;
  return (
    <PanelGrid minWidth={160}>
      <DetailPanel
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
        <PanelLine>{TEXT.frequency[plan.frequency]}</PanelLine>
        {plan.adjustments !== 0 && <PanelLine>{TEXT.adjusted(adjustmentText(plan.adjustments))}</PanelLine>}
      </DetailPanel>

      <DetailPanel label={TEXT.paymentsReceived}>
        <Subtitle1>{formatCurrency(plan.paidToDate)}</Subtitle1>
        {plan.paidToDateSurcharge > 0 && (
          <>
            <PanelLine>
              {TEXT.surcharge}: {formatCurrency(plan.paidToDateSurcharge)}
            </PanelLine>
            <PanelLine>
              {TEXT.cardProcessed}: {formatCurrency(plan.paidToDate + plan.paidToDateSurcharge)}
            </PanelLine>
          </>
        )}
      </DetailPanel>

      <DetailPanel label={TEXT.upcomingPayment}>
        {next.kind === 'scheduled' ? (
          <>
            <Subtitle1>{formatCurrency(next.amount)}</Subtitle1>
            <PanelLine>{TEXT.on(formatDate(next.date))}</PanelLine>
            {next.surcharge > 0 && (
              <>
                <PanelLine>
                  {TEXT.surcharge}: {formatCurrency(next.surcharge)}
                </PanelLine>
                <PanelLine>
                  {TEXT.total}: {formatCurrency(next.amount + next.surcharge)}
                </PanelLine>
              </>
            )}
          </>
        ) : next.kind === 'completed' ? (
          <Subtitle1>{PLAN_MESSAGES.scheduleCompleted}</Subtitle1>
        ) : (
          <PanelLine>{TEXT.noneScheduled}</PanelLine>
        )}
      </DetailPanel>

      <DetailPanel
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
          <PanelLine tone="danger">{TEXT.pastDueAmount(formatCurrency(plan.balancePastDue))}</PanelLine>
        )}
      </DetailPanel>

      <CardOnFilePanel
        card={plan.card && !plan.isCash ? plan.card : null}
        noCard={TEXT.noCard}
        changeCard={
          actions.changeCard
            ? { disabled: busy, onPreload: props.onPreloadCards, onClick: props.onChangeCard }
            : null
        }
      />
    </PanelGrid>
  );
}
