/**
 * The insurance payment screen (route `insurancepayment`). A new reimbursement opens it with
 * showExisting=0 and a date (spec part 2, section 2): the new reimbursement's form, and once saved
 * its Reimbursement Details. With an id (an INSURANCE transaction's source link, `?id=12`) it shows
 * that reimbursement's details, to those who may view insurance payments too.
 */
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { InsurancePayment } from '../../embed-sdk/contract/insurance.js';
import { formatDate, formatIsoDay } from '../../embed-sdk/format/index.js';
import { NewReimbursement } from '../../widgets/reimbursements/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { useSession } from '../session/SessionContext.js';
import { NoAccess } from './NoAccess.js';
import { PageHeader } from './PageHeader.js';
import {
  canOpenReimbursement,
  canProcessReimbursements,
  canSeeReimbursements,
  NO_NEW_REIMBURSEMENT,
  NO_REIMBURSEMENT_DETAILS,
} from './reimbursements/reimbursementAccess.js';
import { ReimbursementModal } from './reimbursements/ReimbursementModal.js';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function NewReimbursementScreen({ date }: { date: string }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<InsurancePayment | null>(null);
  const toList = () => navigate('/insurance');
  return (
    <>
      <PageHeader
        title="New Reimbursement"
        description={`A carrier's payment dated ${formatDate(date)}: choose its claims, check what it paid for each procedure, and request each patient's share.`}
      />
      {saved ? (
        <ReimbursementModal id={saved.id} onClose={toList} />
      ) : (
        <NewReimbursement date={date} onCancel={toList} onSaved={setSaved} />
      )}
    </>
  );
}

function ExistingScreen({ id }: { id: number }) {
  const navigate = useNavigate();
  const { session } = useSession();
  // Back to the list for those who have it; to where they came from (a transaction) for the others.
  const close = () => (canSeeReimbursements(session) ? navigate('/insurance') : navigate(-1));
  return (
    <>
      <PageHeader title="Insurance Payment" />
      <ReimbursementModal id={id} onClose={close} />
    </>
  );
}

export default function InsurancePaymentPage() {
  const { session } = useSession();
  const sdk = useSdk();
  const [params] = useSearchParams();
  if (params.get('showExisting') === '0') {
    if (!canProcessReimbursements(session))
      return <NoAccess title="New Reimbursement" reason={NO_NEW_REIMBURSEMENT} />;
    const date = params.get('date') ?? '';
    return <NewReimbursementScreen date={ISO_DAY.test(date) ? date : formatIsoDay(sdk.now())} />;
  }
  const id = Number(params.get('id'));
  if (!Number.isSafeInteger(id) || id < 1) return <Navigate to="/insurance" replace />;
  if (!canOpenReimbursement(session))
    return <NoAccess title="Insurance Payment" reason={NO_REIMBURSEMENT_DETAILS} />;
  return <ExistingScreen id={id} />;
}
