/**
 * Where the list's links lead: the portal's routes (spec part 2, "Routes linked from this area"). In
 * the portal they are its own hash routes; on a host page they lead to the portal at the SDK's
 * origin, which serves it.
 */
import { portalHref, portalPatientLink, type PatientLink } from '../ui/portalRoutes.js';
import type { SourceTarget } from './transactionView.js';

export type LinkedSource = Exclude<SourceTarget, { kind: 'paymentRequestUnknown' }>;

export interface TransactionLinks {
  patient: PatientLink;
  /** The company-wide view's dentist. */
  company: (companyId: number) => string;
  source: (target: LinkedSource) => string;
}

/** The portal's routes under `base` ('' in the portal itself, the portal's address elsewhere). */
export function portalLinks(base: string): TransactionLinks {
  const at = (route: string) => portalHref(base, route);
  return {
    patient: portalPatientLink(base),
    company: (id) => at(`/admin/company/${id}`),
    source: (target) => {
      switch (target.kind) {
        case 'paymentPlan':
          return at(`/paymentplans?paymentPlanId=${target.id}`);
        case 'membership':
          return at(`/customermembershipbillings?customerMembershipBillingId=${target.id}`);
        case 'reimbursement':
          return at(`/insurancepayment?id=${target.id}`);
        case 'paymentRequest':
          return at(`/notifications?request=${encodeURIComponent(target.id)}`);
      }
    },
  };
}
