/**
 * The modal's UI state that several parts share: which dialog is open, the tab, the enrollees'
 * inline edits and the 'Notify patient' box. The membership itself stays in SWR. Each modal has
 * its own Jotai store (MembershipBilling.tsx), so two memberships on a page never share edits.
 */
import { atom } from 'jotai';
import type { BillingEdits, MembershipTab, LineEdits } from './membershipView.js';

export type MembershipDialog =
  | { kind: 'renewal' }
  | { kind: 'restart' }
  | { kind: 'payment' }
  | { kind: 'cancel' }
  | { kind: 'card' }
  | { kind: 'plan'; lineId: number }
  | { kind: 'giveBack'; transactionId: number; action: 'REFUND' | 'VOID' }
  | { kind: 'refundUnavailable' };

/** The dialog open on top of the modal, or null. */
export const dialogAtom = atom<MembershipDialog | null>(null);

/** The tab the person chose (a tab that stops applying gives way to Enrollees). */
export const tabAtom = atom<MembershipTab>('enrollees');

/** The enrollees' quantities and amounts as typed, by line id; empty when nothing is edited. */
export const lineEditsAtom = atom<LineEdits>({});

/** The next billing date and yearly auto-renew as edited beside the enrollees; empty when untouched. */
export const billingEditsAtom = atom<BillingEdits>({});

/** 'Notify patient via email of membership changes.' */
export const notifyPatientAtom = atom(false);
