/**
 * The 'Reimbursement Details' modal (spec part 1 names it; part 2, "Insurance reimbursements", lists
 * what it shows), placed by the Reimbursements list and by the portal for an INSURANCE transaction's
 * source link. It reads the reimbursement and keeps it current: when a patient pays their share,
 * Request Paid rises with no reload.
 */
import { useEffect, useMemo } from 'react';
import { useSdk } from '../../runtime/SdkContext.js';
import { DetailModal } from '../../ui/DetailModal.js';
import { portalReimbursementLinks, type ReimbursementLinks } from '../links.js';
import { DETAILS_TEXT } from '../texts.js';
import { useLiveReimbursements, useReimbursement } from '../useReimbursements.js';
import { detailsBodyPart, LazyDetailsBody } from './LazyDetailsBody.js';

export interface ReimbursementDetailsProps {
  /** The reimbursement's id. */
  reimbursementId: number;
  onClose: () => void;
  /** Where a share's payment request link leads. @default the portal at the SDK's address */
  links?: ReimbursementLinks;
  /** Opens a share's payment request in place (the portal's modal); false lets its link lead there. */
  onOpenRequest?: (notificationId: string) => boolean;
}

export function ReimbursementDetails(props: ReimbursementDetailsProps) {
  const { reimbursementId, onClose, onOpenRequest } = props;
  const sdk = useSdk();
  const links = useMemo(
    () => props.links ?? portalReimbursementLinks(`${sdk.api.baseUrl}/`),
    [props.links, sdk],
  );
  const read = useReimbursement(reimbursementId);
  useLiveReimbursements();
  useEffect(() => detailsBodyPart.prefetch(), []);
  return (
    <DetailModal
      title={DETAILS_TEXT.title}
      loadFailed={!!read.error && !read.data}
      onRetry={() => void read.mutate()}
      onClose={onClose}
      maxWidth="900px"
      text={DETAILS_TEXT}
    >
      {read.data ? <LazyDetailsBody payment={read.data} links={links} onOpenRequest={onOpenRequest} /> : null}
    </DetailModal>
  );
}
