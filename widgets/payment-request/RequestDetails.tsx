/**
 * The modal's body: the element's banners, the Patient ID and status pills, the panels, an expired
 * link's warning, the actions, the timeline and the Payment Activity. It is the lazily loaded part of the modal (LazyRequestDetails): the modal's
 * frame paints first, and this arrives with the request's data.
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { OwnBanners } from '../runtime/OwnBanners.js';
import { PaymentActivityTable } from './PaymentActivityTable.js';
import { RequestPills } from './RequestPills.js';
import { showsActions } from './paymentRequest.js';
import { RequestActions, type RequestActionsProps } from './RequestActions.js';
import { RequestPanels } from './RequestPanels.js';
import { RequestTimeline } from './RequestTimeline.js';
import { TEXT } from './texts.js';

export interface RequestDetailsProps extends Omit<RequestActionsProps, 'request'> {
  request: PaymentRequest;
  activity: readonly Transaction[];
  canEdit: boolean;
  /** Opens a payment's Transaction Details, where the page places them. */
  onOpenTransaction?: (transaction: Transaction) => void;
}

export function RequestDetails({
  request,
  activity,
  canEdit,
  onOpenTransaction,
  ...actions
}: RequestDetailsProps) {
  return (
    <>
      <OwnBanners />
      <RequestPills request={request} />
      <RequestPanels request={request} />
      {request.status === 'UNPAID' && request.linkExpired && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{TEXT.linkExpiredTitle}</MessageBarTitle>
            {TEXT.linkExpired(formatDateTime(request.linkExpires))}
          </MessageBarBody>
        </MessageBar>
      )}
      {showsActions(request, canEdit) && <RequestActions request={request} {...actions} />}
      <RequestTimeline request={request} />
      <PaymentActivityTable rows={activity} onOpenTransaction={onOpenTransaction} />
    </>
  );
}
