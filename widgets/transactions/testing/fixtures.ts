/** Transactions for the transactions' tests: one of each kind the list and its dialogs tell apart. */
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import type { UserProfile } from '../../../embed-sdk/index.js';
import { payment } from '../../ui/testing/requestFixtures.js';

/** A card payment of Maria Garcia's at the desk, approved, settled, not yet posted. */
export function tx(over: Partial<Transaction> & Pick<Transaction, 'id'>): Transaction {
  return payment({
    status: 'APPROVED',
    source: 'VIRTUALTERMINAL',
    notificationId: null,
    referenceId: `R${over.id}ABC-2026-0001`,
    transactionResultId: `res-${over.id}`,
    isSettled: true,
    created: `2026-11-${String(10 + (over.id % 10)).padStart(2, '0')}T15:04:05.000Z`,
    ...over,
  });
}

/** A front desk at practice 1 (Bright Smiles): refunds, no voids. */
export const FRONT_DESK: UserProfile = {
  sub: '2',
  name: 'Fran Desk',
  email: null,
  isAdmin: false,
  practices: [
    {
      id: 1,
      roles: [
        'VIEWPAYMENTREQUESTS',
        'EDITPAYMENTREQUESTS',
        'VIEWPAYMENTPLANS',
        'EDITPAYMENTPLANS',
        'PROCESSREFUND',
      ],
    },
  ],
};

/** A viewer at practice 1: looks, changes nothing. */
export const VIEWER: UserProfile = {
  sub: '3',
  name: 'Vic Viewer',
  email: null,
  isAdmin: false,
  practices: [{ id: 1, roles: ['VIEWPAYMENTREQUESTS', 'VIEWPAYMENTPLANS', 'VIEWINSURANCEPAYMENTS'] }],
};

/** An administrator: every role everywhere. */
export const ADMIN: UserProfile = { sub: '4', name: 'Ada Admin', email: null, isAdmin: true, practices: [] };
