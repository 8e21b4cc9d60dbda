/** The Authorization tab: how the patient agreed to the plan (the shared AuthorizationList). */
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { AuthorizationList } from '../ui/AuthorizationList.js';
import { patientName } from './paymentPlan.js';
import { TEXT } from './texts.js';

export function AuthorizationTab({ plan }: { plan: PaymentPlan }) {
  return (
    <AuthorizationList
      method={plan.approvedMethod ? TEXT.methods[plan.approvedMethod] : null}
      ipAddress={plan.ipAddress}
      signature={plan.signature}
      template={plan.template}
      approvedDate={plan.approvedDate}
      signerName={patientName(plan)}
      text={TEXT}
    />
  );
}
