/** 'Cycle X of Y' with its bar (the value clamped to 0–100, as the spec asks of a progress value). */
import { Field, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { clampPercent } from './paymentPlan.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '4px' },
  next: { color: tokens.colorNeutralForeground3 },
});

export function PlanProgress({ plan }: { plan: PaymentPlan }) {
  const styles = useStyles();
  const label = TEXT.cycle(plan.currentCycle, plan.cycleCount);
  const percent = clampPercent(plan.progressPercent);
  return (
    <div className={styles.root}>
      <Field
        label={label}
        hint={
          plan.status === 'ACTIVE' && plan.nextBillingDate ? (
            <Text size={200} className={styles.next}>
              {TEXT.nextBilling(formatDate(plan.nextBillingDate))}
            </Text>
          ) : undefined
        }
      >
        <ProgressBar
          value={percent / 100}
          max={1}
          thickness="large"
          color={plan.status === 'INACTIVE' ? 'error' : percent === 100 ? 'success' : 'brand'}
          aria-valuetext={`${label} (${percent}%)`}
        />
      </Field>
    </div>
  );
}
