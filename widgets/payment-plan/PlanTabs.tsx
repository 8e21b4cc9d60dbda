/**
 * The tabs: Payment History (the ledger), Schedule (active plans only) and Authorization (when the
 * plan has an approval method). A tab that stops applying (the plan was canceled) gives way to
 * Payment History.
 */
import { useState } from 'react';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { DetailTabs } from '../ui/DetailTabs.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { AuthorizationTab } from './AuthorizationTab.js';
import { LedgerTab } from './ledger/LedgerTab.js';
import { visibleTabs, type PlanTab } from './paymentPlan.js';
import { ScheduleTab } from './schedule/ScheduleTab.js';
import { TEXT } from './texts.js';

const LABELS: Record<PlanTab, string> = {
  history: TEXT.paymentHistory,
  schedule: TEXT.schedule,
  authorization: TEXT.authorization,
};

export interface PlanTabsProps {
  plan: PaymentPlan;
  /** A tab changed the plan: read it again. */
  onChanged: () => void;
  /** Make a Payment from the schedule (only for callers who may change plans). */
  onMakePayment?: (() => void) | undefined;
  /** The transactions' Refund / Void form, for the ledger (ui/refundVoidForm.ts). */
  refundVoidForm?: RefundVoidForm | undefined;
}

export function PlanTabs({ plan, onChanged, onMakePayment, refundVoidForm }: PlanTabsProps) {
  const [chosen, setChosen] = useState<PlanTab>('history');
  return (
    <DetailTabs
      label={TEXT.tabs}
      tabs={visibleTabs(plan)}
      labels={LABELS}
      chosen={chosen}
      fallback="history"
      onChoose={setChosen}
    >
      {(selected) =>
        selected === 'history' ? (
          <LedgerTab plan={plan} onChanged={onChanged} refundVoidForm={refundVoidForm} />
        ) : selected === 'schedule' ? (
          <ScheduleTab plan={plan} onChanged={onChanged} onMakePayment={onMakePayment} />
        ) : (
          <AuthorizationTab plan={plan} />
        )
      }
    </DetailTabs>
  );
}
