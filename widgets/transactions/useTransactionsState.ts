/**
 * The transactions widget's state: its filter (the caller's, kept in the address by the portal, or
 * its own on a host page), what the placement narrows it to, the list, the caller's permissions, and
 * the open dialog. The render reads these few named pieces.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { getCustomer } from '../../embed-sdk/contract/patient.js';
import type { Transaction, TransactionFilter } from '../../embed-sdk/contract/transaction.js';
import { isPastRefundWindow } from '../../embed-sdk/rules/refundWindow.js';
import { useSdk } from '../runtime/SdkContext.js';
import { valueOf } from '../ui/data.js';
import { download } from '../ui/download.js';
import { useCallerRoles, useCurrentCompany } from '../ui/practice.js';
import { permissionsOf, type TransactionAction } from './actions.js';
import { EMPTY_FILTER, exportBody, listBody, type ListScope, type TransactionListFilter } from './filter.js';
import { dialogsPart } from './LazyTransactionDialogs.js';
import type { OpenDialog } from './openDialog.js';
import { useTransactionChanges } from './useTransactionChanges.js';
import { useLiveTransactions, useTransactionList } from './useTransactions.js';

export interface FilterControl {
  /** The filter, when the caller keeps it (the portal: in the address). */
  filter?: TransactionListFilter;
  onFilterChange?: (filter: TransactionListFilter) => void;
}

export function useTransactionsState(scope: ListScope, control: FilterControl) {
  const sdk = useSdk();
  const roles = useCallerRoles();
  const company = useCurrentCompany().data;
  const [ownFilter, setOwnFilter] = useState(EMPTY_FILTER);
  const filter = control.filter ?? ownFilter;
  const setFilter = control.onFilterChange ?? setOwnFilter;
  const update = (change: Partial<TransactionListFilter>) => setFilter({ ...filter, page: 1, ...change });

  // Only an administrator's list spans every practice; for anyone else the attribute is ignored.
  const effectiveScope: ListScope = { ...scope, companyWide: scope.companyWide === true && roles.isAdmin };
  const today = sdk.now();
  // A range that cannot be (its end before its start) keeps the list the last one that could.
  const wanted = listBody(filter, effectiveScope, today);
  const [lastValid, setLastValid] = useState<TransactionFilter | null>(null);
  if (wanted && JSON.stringify(wanted) !== JSON.stringify(lastValid)) setLastValid(wanted);
  const shownBody = wanted ?? lastValid;
  const list = useTransactionList(shownBody);
  useLiveTransactions();
  const rows = list.data;
  const first = rows?.[0];

  const patient = useSWR(
    filter.customerId === null ? null : ['customer/get', filter.customerId],
    () => valueOf(sdk.api.call(getCustomer, { query: { id: filter.customerId! }, noBanner: true })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const changes = useTransactionChanges();

  /** A menu's choice: a refund past the 180-day window says 'Refund Unavailable' instead. */
  const act = (t: Transaction, action: TransactionAction) => {
    if (action !== 'details') dialogsPart.prefetch();
    if (action === 'refund' && (t.cantRefund || isPastRefundWindow(new Date(t.created), sdk.now()))) {
      setDialog({ kind: 'unavailable', transaction: t });
      return;
    }
    setDialog({ kind: action, transaction: t });
  };

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    // The rows on show: the last valid range's while the fields hold one that cannot be.
    const body =
      exportBody(filter, effectiveScope, sdk.now()) ??
      (shownBody && { ...shownBody, page: undefined, pageSize: undefined });
    if (!body) {
      setExporting(false);
      return;
    }
    const url = await changes.exportCsv(body);
    setExporting(false);
    if (url) download(url);
  };

  return {
    filter,
    update,
    setPage: (page: number) => setFilter({ ...filter, page }),
    scope: effectiveScope,
    scoped:
      scope.customerKey !== undefined ||
      scope.notificationId !== undefined ||
      scope.paymentPlanDetailId !== undefined,
    patientName: patient.data ? `${patient.data.firstName} ${patient.data.lastName}` : undefined,
    list: {
      // Nothing valid asked for yet (an impossible range from the address): no rows, not all of them.
      rows: shownBody ? rows : [],
      failed: !!list.error && !rows,
      loading: list.isLoading && !rows,
      stale: list.isLoading && !!rows,
      retry: () => void list.mutate(),
      total: first?.rows ?? 0,
      capped: first?.rowsCapped ?? false,
    },
    roles,
    permissions: permissionsOf(roles.has),
    gatewayCode: company?.gatewayCode,
    dialog,
    setDialog,
    act,
    retryPosting: (t: Transaction) => changes.retry(t.id),
    exporting,
    exportCsv,
  };
}
