/** Which of the list's dialogs is open, and for which transaction (UI state). */
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import type { ChosenPatient } from '../ui/PatientCombobox.js';

export type OpenDialog =
  | { kind: 'details'; transaction: Transaction }
  | {
      kind: 'refund' | 'void' | 'unavailable' | 'move' | 'associate' | 'remove' | 'allocate';
      transaction: Transaction;
    }
  /** The virtual terminal; `patient` filled in when it is taken from a patient's list. */
  | { kind: 'newPayment'; patient?: ChosenPatient };

export type DialogKind = OpenDialog['kind'];
