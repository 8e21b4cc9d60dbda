/**
 * The insurance payment screen. A new reimbursement opens it with showExisting=0 and a date (spec
 * part 2, section 2); its content is a later issue's.
 */
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../embed-sdk/format/index.js';
import { useSession } from '../session/SessionContext.js';
import { canSeeReimbursements } from '../shell/sidebar/sidebarItems.js';
import { NoAccess } from './NoAccess.js';
import { PageHeader } from './PageHeader.js';

export default function InsurancePaymentPage() {
  const { session } = useSession();
  const [params] = useSearchParams();
  if (!canSeeReimbursements(session)) {
    return (
      <NoAccess
        title="Insurance Payment"
        reason="Reimbursements are available for Open Dental practices, to users who may view or process insurance reimbursements."
      />
    );
  }
  const isNew = params.get('showExisting') === '0';
  const date = params.get('date');
  return isNew ? (
    <PageHeader
      title="New Reimbursement"
      description={`A new insurance reimbursement${date ? ` dated ${formatDate(date)}` : ''} will be entered here: the carrier's payment by card or check, spread over the patients' procedures.`}
    />
  ) : (
    <PageHeader
      title="Insurance Payment"
      description="An insurance payment's details will be here: what was reimbursed, written off, requested and paid, for each patient and procedure."
    />
  );
}
