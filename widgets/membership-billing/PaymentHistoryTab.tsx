/**
 * The Payment History tab (once started): the membership's charges, declines, refunds and voids
 * with date and time, description, funding source, card, amount (with surcharge and total when any
 * row has one), status (a refund or void shows instead) and reason. A card payment not given back
 * yet offers Refund (settled) or Void (unsettled) to those with PROCESSREFUND or PROCESSVOID,
 * through the transactions' Refund / Void form, which offers reactivation when the membership is
 * not active. That form is handed in (ui/refundVoidForm.ts); without it no row offers either.
 */
import { Button } from '@fluentui/react-components';
import { useSetAtom } from 'jotai';
import type { MembershipLedgerRow } from '../../embed-sdk/contract/membership.js';
import { LedgerTable, type LedgerColumnTexts } from '../ui/LedgerTable.js';
import { useCallerRoles } from '../ui/practice.js';
import { dialogAtom } from './membership.atoms.js';
import { fundingLabel, giveBackOf, ledgerStatus, type Membership } from './membershipView.js';
import { TEXT } from './texts.js';

const COLUMNS: LedgerColumnTexts = {
  date: TEXT.date,
  description: TEXT.description,
  fundingSource: TEXT.fundingSource,
  card: TEXT.card,
  amount: TEXT.paid,
  surcharge: TEXT.surcharge,
  total: TEXT.total,
  status: TEXT.status,
  reason: TEXT.reason,
  action: TEXT.action,
};

export interface PaymentHistoryTabProps {
  membership: Membership;
  /** Whether a Refund / Void form was handed in. */
  canGiveBack: boolean;
}

export function PaymentHistoryTab({ membership: m, canGiveBack }: PaymentHistoryTabProps) {
  const roles = useCallerRoles();
  const openDialog = useSetAtom(dialogAtom);
  const giveBack = (row: MembershipLedgerRow) => {
    const action = canGiveBack ? giveBackOf(row) : null;
    if (action === 'REFUND' && roles.has('PROCESSREFUND')) return action;
    if (action === 'VOID' && roles.has('PROCESSVOID')) return action;
    return null;
  };

  return (
    <LedgerTable
      label={TEXT.historyTable}
      emptyText={TEXT.noPayments}
      columns={COLUMNS}
      rows={m.ledgerDtos}
      funding={fundingLabel}
      status={(row) => ({
        ...ledgerStatus(row),
        amount: row.refundVoidType ? row.refundVoidAmount : null,
      })}
      hasAction={(row) => giveBack(row) !== null}
      action={(row, name) => {
        const action = giveBack(row)!;
        return (
          <Button
            size="small"
            aria-label={`${action === 'REFUND' ? TEXT.refund : TEXT.void}: ${name}`}
            disabled={m.chargeInProgress}
            onClick={() =>
              openDialog(
                action === 'REFUND' && row.cantRefund
                  ? { kind: 'refundUnavailable' }
                  : { kind: 'giveBack', transactionId: row.transactionId!, action },
              )
            }
          >
            {action === 'REFUND' ? TEXT.refund : TEXT.void}
          </Button>
        );
      }}
    />
  );
}
