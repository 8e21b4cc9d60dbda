/**
 * Where the reimbursements' links lead: a patient's payment request (Payment Requests) and a new
 * reimbursement (the insurance payment screen with showExisting=0 and the day's date, spec part 1,
 * section 2). In the portal they are its own hash routes; on a host page they lead to the portal at
 * the SDK's origin, which serves it.
 */
import { portalHref } from '../ui/portalRoutes.js';

export interface ReimbursementLinks {
  request: (notificationId: string) => string;
  /** `day`: YYYY-MM-DD. */
  newReimbursement: (day: string) => string;
}

export function portalReimbursementLinks(base: string): ReimbursementLinks {
  return {
    request: (id) => portalHref(base, `/notifications?request=${encodeURIComponent(id)}`),
    newReimbursement: (day) => portalHref(base, `/insurancepayment?showExisting=0&date=${day}`),
  };
}
