/**
 * The Payment Requests page (route `notifications`): the practice's payment requests, newest first,
 * searched by patient, filtered by status (unpaid, paid, cancelled) and by the day they were
 * created, ten to a page. A row opens the request's detail modal; New Payment Request sends one.
 */
import {
  Button,
  Field,
  Input,
  Link,
  makeStyles,
  TableCell,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatPhone } from '../../../embed-sdk/format/index.js';
import {
  LazyNewPaymentRequestDialog,
  preloadNewPaymentRequestDialog,
} from '../../../widgets/payment-request/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import type { PaymentRequest } from '../../../embed-sdk/contract/paymentRequest.js';
import { hasRole } from '../../session/session.js';
import { useSession } from '../../session/SessionContext.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { ListFilters } from '../../../widgets/ui/ListFilters.js';
import { PageHeader } from '../PageHeader.js';
import { RequestAmount, RequestStatus } from './RequestCells.js';
import { RequestModal } from './RequestModal.js';
import {
  filterFromParams,
  listBody,
  paramsFromFilter,
  STATUS_FILTERS,
  type RequestFilter,
} from './paymentRequestsFilter.js';
import { useRequestList } from './useRequestList.js';

const useStyles = makeStyles({
  row: { cursor: 'pointer' },
});

function sentTo(request: PaymentRequest): string {
  return [request.eMail, request.toPhone ? formatPhone(request.toPhone) : ''].filter(Boolean).join(', ');
}

export default function PaymentRequestsPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const { session } = useSession();
  const canEdit = hasRole(session, 'EDITPAYMENTREQUESTS');
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  // A link may name the request to open (`?request=…`: a transaction's source, from a host page).
  const [openId, setOpenId] = useState<string | null>(() => params.get('request'));
  const [creating, setCreating] = useState(false);

  const update = (change: Partial<RequestFilter>) =>
    setParams(paramsFromFilter({ ...filter, page: 1, ...change }), { replace: true });

  const body = listBody(filter);
  const { data, error, isLoading, mutate } = useRequestList(body);
  // A request paid while the page is open shows as paid (the realtime hub reports its payment).
  useEffect(() => {
    const unsubscribe = sdk.on('transaction-processed', (event) => {
      if (event.notificationId !== null && event.status === 'APPROVED') void mutate();
    });
    sdk.realtime().catch(() => undefined);
    return unsubscribe;
  }, [sdk, mutate]);

  const datesOutOfOrder = !!filter.startDate && !!filter.endDate && filter.startDate > filter.endDate;

  return (
    <>
      <PageHeader
        title="Payment Requests"
        description="Payment requests sent to patients by text message or e-mail: when each was sent, viewed and paid."
        actions={
          canEdit ? (
            <Button
              appearance="primary"
              icon={<AddRegular />}
              onPointerEnter={preloadNewPaymentRequestDialog}
              onFocus={preloadNewPaymentRequestDialog}
              onClick={() => setCreating(true)}
            >
              New Payment Request
            </Button>
          ) : undefined
        }
      />
      <ListFilters
        label="Filter payment requests"
        search={filter.search}
        onSearch={(search) => update({ search })}
        status={filter.status}
        statuses={STATUS_FILTERS}
        onStatus={(status) => update({ status })}
      >
        <Field label="Sent from">
          <Input type="date" value={filter.startDate} onChange={(_e, d) => update({ startDate: d.value })} />
        </Field>
        <Field
          label="Sent to"
          validationState={datesOutOfOrder ? 'error' : 'none'}
          validationMessage={datesOutOfOrder ? 'The end date must not be before the start date.' : undefined}
        >
          <Input type="date" value={filter.endDate} onChange={(_e, d) => update({ endDate: d.value })} />
        </Field>
      </ListFilters>

      <ListFrame
        variant="page"
        label="Payment requests"
        rows={data?.notifications}
        failed={!!error}
        loading={isLoading && !data}
        stale={isLoading}
        failedText="The payment requests could not be loaded."
        loadingText="Loading payment requests…"
        onRetry={() => void mutate()}
        emptyText="No payment requests match these filters."
        header={
          <>
            <TableHeaderCell>Patient</TableHeaderCell>
            <TableHeaderCell>Sent to</TableHeaderCell>
            <TableHeaderCell>Sent</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Amount</TableHeaderCell>
          </>
        }
        renderRow={(r) => (
          <TableRow key={r.id} className={styles.row} onClick={() => setOpenId(r.id)}>
            <TableCell>
              <Truncated text={`${r.firstName} ${r.lastName}`}>
                <Link as="button" onClick={() => setOpenId(r.id)}>
                  {`${r.firstName} ${r.lastName}`}
                </Link>
              </Truncated>
            </TableCell>
            <TableCell>
              <Truncated text={sentTo(r)} width="long" />
            </TableCell>
            <TableCell className={columns.nowrap}>{formatDateTime(r.created)}</TableCell>
            <TableCell className={columns.nowrap}>
              <RequestStatus request={r} />
            </TableCell>
            <TableCell className={columns.money}>
              <RequestAmount request={r} />
            </TableCell>
          </TableRow>
        )}
        pager={{
          page: filter.page,
          totalCount: data?.totalCount ?? 0,
          noun: 'payment request',
          onPage: (page) => update({ page }),
        }}
      />

      {openId && <RequestModal notificationId={openId} onClose={() => setOpenId(null)} />}
      <LazyNewPaymentRequestDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(r) => setOpenId(r.id)}
      />
    </>
  );
}
