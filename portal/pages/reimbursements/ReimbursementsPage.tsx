/**
 * The Reimbursements page (route `insurance`, Open Dental practices): the practice's insurance
 * reimbursements in the reimbursements widget, its filter kept in the address (`#/insurance?from=…&
 * to=…&carrier=…`), New Reimbursement for those who may enter one, and a share's payment request
 * opening in place from Reimbursement Details.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  filterFromParams,
  paramsFromFilter,
  portalReimbursementLinks,
  Reimbursements,
} from '../../../widgets/reimbursements/index.js';
import { useSession } from '../../session/SessionContext.js';
import { NoAccess } from '../NoAccess.js';
import { PageHeader } from '../PageHeader.js';
import { canSeeReimbursements, NO_REIMBURSEMENTS } from './reimbursementAccess.js';
import { useRequestModal } from './ReimbursementModal.js';

const TITLE = 'Reimbursements';

export default function ReimbursementsPage() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const links = useMemo(() => portalReimbursementLinks(''), []);
  const requests = useRequestModal();
  if (!canSeeReimbursements(session)) return <NoAccess title={TITLE} reason={NO_REIMBURSEMENTS} />;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Insurance carriers' payments of claims: what each reimbursed and wrote off, and what patients were asked to pay and have paid."
      />
      <Reimbursements
        filter={filterFromParams(params)}
        onFilterChange={(next) => setParams(paramsFromFilter(next), { replace: true })}
        links={links}
        onOpenRequest={requests.onOpenRequest}
      />
      {requests.modal}
    </>
  );
}
