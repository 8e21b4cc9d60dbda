/** The modal's pills: plan id, patient id and status (with the date for Canceled and Completed). */
import { Badge, makeStyles } from '@fluentui/react-components';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { statusPill } from './paymentPlan.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  pills: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

export function PlanPills({ plan }: { plan: PaymentPlan }) {
  const styles = useStyles();
  const status = statusPill(plan);
  return (
    <div className={styles.pills}>
      <Badge appearance="tint" shape="rounded" color="informative">
        {TEXT.planId(plan.id)}
      </Badge>
      <Badge appearance="tint" shape="rounded" color="informative">
        {TEXT.patientId(plan.patientKey ?? plan.customerId)}
      </Badge>
      <Badge appearance="filled" shape="rounded" color={status.tone} data-status={plan.status}>
        {status.text}
      </Badge>
    </div>
  );
}
