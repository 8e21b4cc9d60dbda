/**
 * A transaction's action menu (spec part 2, "Transaction list"). Opening it on a card payment asks the
 * provider whether the payment has settled (section 4): settled → Refund, unsettled → Void; the
 * actions the person's roles do not allow are not there. The choice goes to the caller with the
 * settlement it was made on.
 */
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
} from '@fluentui/react-components';
import {
  ArrowSplitRegular,
  ArrowUndoRegular,
  DeleteRegular,
  DismissCircleRegular,
  DocumentTextRegular,
  LinkAddRegular,
  MoreHorizontalRegular,
  PersonSwapRegular,
} from '@fluentui/react-icons';
import { useState, type ReactElement } from 'react';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { useAllocationStatus } from '../../ui/allocationStatus.js';
import {
  asksSettlementFor,
  mayAllocate,
  menuActions,
  type TransactionAction,
  type TransactionPermissions,
} from '../actions.js';
import { MENU_TEXT } from '../texts.js';
import { useSettlement } from '../useTransactionChanges.js';

const LABELS: Record<TransactionAction, string> = {
  details: MENU_TEXT.details,
  refund: MENU_TEXT.refund,
  void: MENU_TEXT.void,
  move: MENU_TEXT.movePayment,
  associate: MENU_TEXT.associate,
  remove: MENU_TEXT.remove,
  allocate: MENU_TEXT.allocate,
};

const ICONS: Record<TransactionAction, ReactElement> = {
  details: <DocumentTextRegular />,
  refund: <ArrowUndoRegular />,
  void: <DismissCircleRegular />,
  move: <PersonSwapRegular />,
  associate: <LinkAddRegular />,
  remove: <DeleteRegular />,
  allocate: <ArrowSplitRegular />,
};

export interface TransactionMenuProps {
  transaction: Transaction;
  /** How the row is named for the menu button ("Actions for R47NVR"). */
  name: string;
  permissions: TransactionPermissions;
  /** The place offers Allocate (a patient's payments, in a practice that allocates procedures). */
  allocation?: boolean;
  onAction: (action: TransactionAction, isSettled: boolean) => void;
}

export function TransactionMenu(props: TransactionMenuProps) {
  const { transaction, name, permissions, onAction } = props;
  const [open, setOpen] = useState(false);
  const asks = asksSettlementFor(transaction, permissions);
  const settlement = useSettlement(transaction.referenceId, open && asks);
  // Whether something is left to allocate: asked when the menu opens, like the settlement.
  const asksAllocation = !!props.allocation && permissions.canAllocate && mayAllocate(transaction);
  const allocation = useAllocationStatus(transaction.id, open && asksAllocation);
  const checking =
    open &&
    ((asks && settlement.data === undefined && settlement.error === undefined) ||
      (asksAllocation && allocation.data === undefined && allocation.error === undefined));
  const isSettled = settlement.data?.isSettled ?? transaction.isSettled;
  const unallocated = !!allocation.data && allocation.data.allocatable > allocation.data.allocated;
  const actions = menuActions(transaction, permissions, isSettled, asksAllocation && unallocated);
  return (
    <Menu
      open={open}
      onOpenChange={(_event, data) => setOpen(data.open)}
      positioning={{ autoSize: true, position: 'below', align: 'end' }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={MENU_TEXT.actionsFor(name)}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {checking ? (
            <MenuItem disabled icon={<Spinner size="extra-tiny" />}>
              {MENU_TEXT.checkingSettlement}
            </MenuItem>
          ) : (
            actions.map((action) => (
              <MenuItem key={action} icon={ICONS[action]} onClick={() => onAction(action, isSettled)}>
                {LABELS[action]}
              </MenuItem>
            ))
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
