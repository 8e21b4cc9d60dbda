/**
 * A ledger row's "…" menu. Opening it on a card payment asks the provider whether the payment has
 * settled (part 2 section 4): settled → Refund, unsettled → Void, each for the role that may do it.
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
  ArrowUndoRegular,
  CalendarAddRegular,
  DeleteRegular,
  DismissCircleRegular,
  MoreHorizontalRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import type { PaymentLedgerRow } from '../../../embed-sdk/contract/paymentPlan.js';
import type { PlanPermissions } from '../schedule/permissions.js';
import { ledgerMenu, type LedgerAction } from './ledger.js';
import { LEDGER_TEXT } from './texts.js';
import { useSettlement } from './useLedgerChanges.js';

const LABELS: Record<LedgerAction, string> = {
  refundCash: LEDGER_TEXT.refund,
  refund: LEDGER_TEXT.refund,
  void: LEDGER_TEXT.void,
  moveToEnd: LEDGER_TEXT.moveToEnd,
  remove: LEDGER_TEXT.remove,
};

const ICONS: Record<LedgerAction, React.ReactElement> = {
  refundCash: <ArrowUndoRegular />,
  refund: <ArrowUndoRegular />,
  void: <DismissCircleRegular />,
  moveToEnd: <CalendarAddRegular />,
  remove: <DeleteRegular />,
};

export interface LedgerRowMenuProps {
  row: PaymentLedgerRow;
  /** How the row is named for the menu button ("Actions for …"). */
  name: string;
  permissions: PlanPermissions;
  disabled: boolean;
  /** `isSettled`: the settlement the menu acted on (card payments). */
  onAction: (action: LedgerAction, isSettled: boolean) => void;
}

export function LedgerRowMenu({ row, name, permissions, disabled, onAction }: LedgerRowMenuProps) {
  const [open, setOpen] = useState(false);
  const asks = row.actions.refundOrVoid;
  const settlement = useSettlement(row.referenceId, open && asks);
  const checking = asks && open && settlement.data === undefined && settlement.error === undefined;
  const isSettled = settlement.data?.isSettled ?? row.isSettled;
  const menu = ledgerMenu(row, permissions, isSettled);
  const cardActions = menu.actions.filter((a) => a === 'refund' || a === 'void');
  const otherActions = menu.actions.filter((a) => a !== 'refund' && a !== 'void');
  const item = (action: LedgerAction) => (
    <MenuItem key={action} icon={ICONS[action]} onClick={() => onAction(action, isSettled)}>
      {LABELS[action]}
    </MenuItem>
  );
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
          aria-label={LEDGER_TEXT.actionsFor(name)}
          disabled={disabled}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {checking ? (
            <MenuItem disabled icon={<Spinner size="extra-tiny" />}>
              {LEDGER_TEXT.checkingSettlement}
            </MenuItem>
          ) : (
            <>
              {cardActions.map(item)}
              {menu.notAllowed && (
                <MenuItem disabled>
                  {menu.notAllowed === 'refund' ? LEDGER_TEXT.refundNotAllowed : LEDGER_TEXT.voidNotAllowed}
                </MenuItem>
              )}
            </>
          )}
          {otherActions.map(item)}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
