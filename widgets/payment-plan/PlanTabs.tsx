/**
 * The tabs: Payment History (the ledger), Schedule (active plans only) and Authorization (when the
 * plan has an approval method). A tab that stops applying (the plan was canceled) gives way to
 * Payment History.
 */
import { makeStyles, Tab, TabList } from '@fluentui/react-components';
import { useId, useState } from 'react';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { AuthorizationTab } from './AuthorizationTab.js';
import { LedgerTab } from './ledger/LedgerTab.js';
import { visibleTabs, type PlanTab } from './paymentPlan.js';
import { ScheduleTab } from './schedule/ScheduleTab.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  panel: { minWidth: 0 },
});

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
}

export function PlanTabs({ plan, onChanged, onMakePayment }: PlanTabsProps) {
  const styles = useStyles();
  const id = useId();
  const tabs = visibleTabs(plan);
  const [chosen, setChosen] = useState<PlanTab>('history');
  const selected = tabs.includes(chosen) ? chosen : 'history';
  return (
    <div className={styles.root}>
      <TabList
        aria-label={TEXT.tabs}
        selectedValue={selected}
        onTabSelect={(_e, data) => setChosen(data.value as PlanTab)}
      >
        {tabs.map((tab) => (
          <Tab key={tab} id={`${id}-${tab}`} value={tab} aria-controls={`${id}-${tab}-panel`}>
            {LABELS[tab]}
          </Tab>
        ))}
      </TabList>
      <div
        role="tabpanel"
        id={`${id}-${selected}-panel`}
        aria-labelledby={`${id}-${selected}`}
        className={styles.panel}
      >
        {selected === 'history' ? (
          <LedgerTab plan={plan} onChanged={onChanged} />
        ) : selected === 'schedule' ? (
          <ScheduleTab plan={plan} onChanged={onChanged} onMakePayment={onMakePayment} />
        ) : (
          <AuthorizationTab plan={plan} />
        )}
      </div>
    </div>
  );
}
