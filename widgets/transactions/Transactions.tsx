/**
 * <chairside-transactions>, and the same component placed by the portal (the Transactions page and
 * the patient page's section): every payment in one list (spec part 2, "Transaction list"), with the
 * filter bar, the count, Export CSV, New Payment, and the action menu's dialogs. It composes its
 * state hook and its render. Its outputs are the element's events (see definition.ts).
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular } from '@fluentui/react-icons';
import { useEffect, useMemo } from 'react';
import type { AllocationSavedDetail } from '../../embed-sdk/events.js';
import { useSdk } from '../runtime/SdkContext.js';
import { useAllocationAvailability, type Allocator } from '../ui/allocation.js';
import { AllocationElement } from '../ui/AllocationElement.js';
import type { ChosenPatient } from '../ui/PatientCombobox.js';
import { formatCount } from '../ui/ListFrame.js';
import { detailsModalPart, LazyTransactionDetailsModal } from './details/LazyTransactionDetailsModal.js';
import type { ListScope } from './filter.js';
import { dialogsPart, LazyTransactionDialogs } from './LazyTransactionDialogs.js';
import { portalLinks, type LinkedSource, type TransactionLinks } from './links.js';
import { menuPart } from './list/LazyTransactionMenu.js';
import { patientFilterPart } from './list/LazyPatientFilter.js';
import { TransactionFilters } from './list/TransactionFilters.js';
import { TransactionTable } from './list/TransactionTable.js';
import { LIST_TEXT } from './texts.js';
import type { TransactionOutcomes } from './TransactionDialogs.js';
import { useRefreshTransactions } from './useTransactions.js';
import { useTransactionsState, type FilterControl } from './useTransactionsState.js';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  count: { marginRight: 'auto', color: tokens.colorNeutralForeground2 },
});

export interface TransactionsProps extends ListScope, FilterControl, TransactionOutcomes {
  /** Where patient, source and dentist links lead. @default the portal at the SDK's address */
  links?: TransactionLinks;
  /** Opens a source in place (the portal's plan and request modals); false lets its link lead there. */
  onOpenSource?: (target: LinkedSource) => boolean;
  /**
   * The patient whose list this is (the patient page, with `customerKey`): New Payment is offered
   * there with them filled in. Without it a list narrowed to one patient, request or cycle offers none.
   */
  payer?: ChosenPatient;
  /** 'section': the patient page's smaller list. @default 'page' */
  variant?: 'page' | 'section';
  /**
   * The allocation modal, for Associate Transaction's 'Allocate Payment' and a patient's payment's
   * Allocate. @default <chairside-allocation>, placed by its tag (a host page with embed.js)
   */
  Allocator?: Allocator;
}

export function Transactions(props: TransactionsProps) {
  const styles = useStyles();
  const sdk = useSdk();
  const { customerKey, notificationId, paymentPlanDetailId, companyWide, companyId } = props;
  const state = useTransactionsState(
    { customerKey, notificationId, paymentPlanDetailId, companyWide, companyId },
    { filter: props.filter, onFilterChange: props.onFilterChange },
  );
  const links = useMemo(() => props.links ?? portalLinks(`${sdk.api.baseUrl}/`), [props.links, sdk]);
  const { list, dialog, permissions } = state;
  const refresh = useRefreshTransactions();
  // Allocate is offered on a patient's payments, in a practice that allocates procedures.
  const allocation = useAllocationAvailability();
  const offersAllocation = customerKey !== undefined && allocation.known && allocation.available;
  const onAllocationSaved = (detail: AllocationSavedDetail) => {
    void refresh(detail.transactionId);
    props.onAllocationSaved?.(detail);
  };
  const canTakePayments =
    permissions.canEdit && !state.scope.companyWide && (!state.scoped || props.payer !== undefined);
  // What the list needs next, once it is on screen: the filter's patient box, the rows' menus.
  const shown = list.rows !== undefined;
  const nothingToExport = list.rows !== undefined && list.total === 0;
  const scoped = state.scoped;
  useEffect(() => {
    if (!shown) return;
    if (!scoped) patientFilterPart.prefetch();
    menuPart.prefetch();
  }, [shown, scoped]);
  return (
    <>
      <TransactionFilters
        filter={state.filter}
        onChange={state.update}
        scoped={state.scoped}
        patientName={state.patientName}
      />
      <div className={styles.bar}>
        <Text className={styles.count} role="status">
          {list.rows
            ? LIST_TEXT.count(formatCount(list.total, list.capped), list.total === 1 && !list.capped)
            : ''}
        </Text>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={state.exporting || !list.rows}
          // Focusable while there is nothing to export, so that its reason shows and is read out.
          disabledFocusable={nothingToExport}
          title={nothingToExport ? LIST_TEXT.exportNothing : undefined}
          onClick={() => void state.exportCsv()}
        >
          {state.exporting ? LIST_TEXT.exporting : LIST_TEXT.exportCsv}
        </Button>
        {canTakePayments && (
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onPointerEnter={dialogsPart.prefetch}
            onFocus={dialogsPart.prefetch}
            onClick={() => state.setDialog({ kind: 'newPayment', patient: props.payer })}
          >
            {LIST_TEXT.newPayment}
          </Button>
        )}
      </div>
      <TransactionTable
        rows={list.rows}
        failed={list.failed}
        loading={list.loading}
        stale={list.stale}
        onRetry={list.retry}
        variant={props.variant ?? 'page'}
        dentistColumn={state.scope.companyWide === true && companyId === undefined}
        onePatient={customerKey !== undefined}
        page={state.filter.page}
        totalCount={list.total}
        capped={list.capped}
        onPage={state.setPage}
        links={links}
        has={state.roles.has}
        permissions={permissions}
        allocation={offersAllocation}
        onOpenSource={props.onOpenSource}
        onDetails={(t) => state.setDialog({ kind: 'details', transaction: t })}
        onPointDetails={detailsModalPart.prefetch}
        onAction={(t, action) => state.act(t, action)}
        onRetryPosting={state.retryPosting}
      />
      {dialog?.kind === 'details' && (
        <LazyTransactionDetailsModal
          transactionId={dialog.transaction.id}
          transaction={list.rows?.find((t) => t.id === dialog.transaction.id) ?? dialog.transaction}
          onClose={() => state.setDialog(null)}
        />
      )}
      {dialog && dialog.kind !== 'details' && (
        <LazyTransactionDialogs
          dialog={dialog}
          gatewayCode={state.gatewayCode}
          Allocator={props.Allocator ?? AllocationElement}
          onClose={() => state.setDialog(null)}
          onTransactionRefunded={props.onTransactionRefunded}
          onTransactionVoided={props.onTransactionVoided}
          onTransactionMoved={props.onTransactionMoved}
          onTransactionAssociated={props.onTransactionAssociated}
          onTransactionRemoved={props.onTransactionRemoved}
          onAllocationSaved={onAllocationSaved}
        />
      )}
    </>
  );
}
