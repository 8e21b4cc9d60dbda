/**
 * The patient page's payment requests: the patient's requests, newest first, ten to a page; a row
 * opens the detail modal; New Payment Request sends one to this patient.
 */
import { Button, Link, TableCell, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import {
  LazyNewPaymentRequestDialog,
  preloadNewPaymentRequestDialog,
} from '../../../widgets/payment-request/index.js';
import { hasAnyRole, hasRole } from '../../session/session.js';
import { useSession } from '../../session/SessionContext.js';
import { ListFrame, PAGE_SIZE } from '../../../widgets/ui/ListFrame.js';
import { useListColumns } from '../../../widgets/ui/listColumns.js';
import { Panel } from '../Panel.js';
import { RequestAmount, RequestStatus } from '../paymentRequests/RequestCells.js';
import { RequestModal } from '../paymentRequests/RequestModal.js';
import { useRequestList } from '../paymentRequests/useRequestList.js';

export function CustomerPaymentRequests(props: {
  customer: { id: number; firstName: string; lastName: string };
}) {
  const { customer } = props;
  const columns = useListColumns();
  const { session } = useSession();
  const canView = hasAnyRole(session, ['VIEWPAYMENTREQUESTS', 'EDITPAYMENTREQUESTS']);
  const canEdit = hasRole(session, 'EDITPAYMENTREQUESTS');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const body = { customerId: customer.id, page, pageSize: PAGE_SIZE };
  const { data, error } = useRequestList(body, canView);
  if (!canView) return null;
  return (
    <Panel
      title="Payment Requests"
      actions={
        canEdit && (
          <Button
            icon={<AddRegular />}
            onClick={() => setCreating(true)}
            onPointerEnter={preloadNewPaymentRequestDialog}
            onFocus={preloadNewPaymentRequestDialog}
          >
            New Payment Request
          </Button>
        )
      }
    >
      <ListFrame
        variant="section"
        label={`Payment requests of ${customer.firstName} ${customer.lastName}`}
        rows={data?.notifications}
        failed={!!error}
        loading={!data}
        failedText="The payment requests could not be loaded."
        loadingText="Loading payment requests…"
        emptyText={`No payment requests have been sent to ${customer.firstName}.`}
        header={
          <>
            <TableHeaderCell>Sent</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Amount</TableHeaderCell>
          </>
        }
        renderRow={(r) => (
          <TableRow key={r.id}>
            <TableCell className={columns.nowrap}>
              <Link as="button" onClick={() => setOpenId(r.id)}>
                {formatDateTime(r.created)}
              </Link>
            </TableCell>
            <TableCell>
              <RequestStatus request={r} />
            </TableCell>
            <TableCell className={columns.money}>
              <RequestAmount request={r} />
            </TableCell>
          </TableRow>
        )}
        pager={{ page, totalCount: data?.totalCount ?? 0, onPage: setPage }}
      />
      {openId && <RequestModal notificationId={openId} onClose={() => setOpenId(null)} />}
      <LazyNewPaymentRequestDialog
        open={creating}
        customer={customer}
        onClose={() => setCreating(false)}
        onCreated={(r) => setOpenId(r.id)}
      />
    </Panel>
  );
}
