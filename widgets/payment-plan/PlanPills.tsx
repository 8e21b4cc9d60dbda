/** The modal's pills: plan id, patient id and status (with the date for Canceled and Completed). */
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { RecordPills } from '../ui/RecordPills.js';
import { statusPill } from './paymentPlan.js';
import { TEXT } from './texts.js';

export function PlanPills({ plan }: { plan: PaymentPlan }) {
  return (
    <RecordPills
      recordId={TEXT.planId(plan.id)}
      patientKey={plan.patientKey ?? plan.customerId}
      status={statusPill(plan)}
      statusKey={plan.status}
    />
  );
}
