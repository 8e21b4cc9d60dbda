/** Which of the list's dialogs is open, and for which transaction (UI state). */
import type { Transaction } from '../../embed-sdk/contract/transaction.js';

export type OpenDialog =
  | { kind: 'details'; transaction: Transaction }
  | {
      kind: 'refund' | 'void' | 'unavailable' | 'move' | 'associate' | 'remove' | 'allocate';
      transaction: Transaction;
    }
  | { kind: 'newPayment' };

export type DialogKind = OpenDialog['kind'];
