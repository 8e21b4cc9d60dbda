/**
 * The list's dialogs but the details (loaded on demand, all in one chunk: none is on screen until a
 * person chooses an action): Refund or Void, 'Refund Unavailable', Move Payment, Associate
 * Transaction, Remove Unassociated Payment and New Payment.
 */
import type { GatewayCode } from '../../embed-sdk/contract/common.js';
import type {
  AllocationSavedDetail,
  TransactionAssociatedDetail,
  TransactionMovedDetail,
  TransactionRefundedDetail,
  TransactionRemovedDetail,
  TransactionVoidedDetail,
} from '../../embed-sdk/events.js';
import type { Allocator } from '../ui/allocation.js';
import { RefundUnavailableDialog } from '../ui/RefundUnavailableDialog.js';
import { AssociateDialog } from './associate/AssociateDialog.js';
import { RemoveOrphanDialog } from './associate/RemoveOrphanDialog.js';
import { MovePaymentDialog } from './move/MovePaymentDialog.js';
import { NewPaymentDialog } from './new-payment/NewPaymentDialog.js';
import type { OpenDialog } from './openDialog.js';
import { RefundVoidDialog } from './refund/RefundVoidDialog.js';

/** What the dialogs tell the widget's host (its element's events). */
export interface TransactionOutcomes {
  onTransactionRefunded?: (detail: TransactionRefundedDetail) => void;
  onTransactionVoided?: (detail: TransactionVoidedDetail) => void;
  onTransactionMoved?: (detail: TransactionMovedDetail) => void;
  onTransactionAssociated?: (detail: TransactionAssociatedDetail) => void;
  onTransactionRemoved?: (detail: TransactionRemovedDetail) => void;
  onAllocationSaved?: (detail: AllocationSavedDetail) => void;
}

export interface TransactionDialogsProps extends TransactionOutcomes {
  dialog: Exclude<OpenDialog, { kind: 'details' }>;
  gatewayCode: GatewayCode | undefined;
  /** The allocation modal (the portal's component, or <chairside-allocation> on a host page). */
  Allocator: Allocator;
  onClose: () => void;
}

export function TransactionDialogs(props: TransactionDialogsProps) {
  const { dialog, gatewayCode, Allocator, onClose, ...outcomes } = props;
  switch (dialog.kind) {
    case 'refund':
    case 'void':
      return (
        <RefundVoidDialog
          transaction={dialog.transaction}
          action={dialog.kind === 'void' ? 'VOID' : 'REFUND'}
          gatewayCode={gatewayCode}
          onClose={onClose}
          onRefunded={outcomes.onTransactionRefunded}
          onVoided={outcomes.onTransactionVoided}
        />
      );
    case 'unavailable':
      return <RefundUnavailableDialog open onClose={onClose} />;
    case 'move':
      return (
        <MovePaymentDialog
          transaction={dialog.transaction}
          gatewayCode={gatewayCode}
          onClose={onClose}
          onMoved={outcomes.onTransactionMoved}
        />
      );
    case 'associate':
      return (
        <AssociateDialog
          transaction={dialog.transaction}
          Allocator={Allocator}
          onClose={onClose}
          onAssociated={outcomes.onTransactionAssociated}
        />
      );
    case 'remove':
      return (
        <RemoveOrphanDialog
          transaction={dialog.transaction}
          onClose={onClose}
          onRemoved={outcomes.onTransactionRemoved}
        />
      );
    case 'allocate':
      return (
        <Allocator
          customerKey={dialog.transaction.customerKey ?? 0}
          transactionId={dialog.transaction.id}
          purpose="save"
          onAllocationSaved={outcomes.onAllocationSaved}
          onAllocationClosed={onClose}
        />
      );
    case 'newPayment':
      return <NewPaymentDialog onClose={onClose} patient={dialog.patient} />;
  }
}
