/**
 * The modal's change dialogs (loaded on demand, in one chunk: none is on screen until a person
 * chooses an action): Renewal Options, Restart Membership, 'Make Payment For' and Cancel Membership.
 */
import type { MembershipDialog } from './membership.atoms.js';
import { CancelMembershipDialog } from './CancelMembershipDialog.js';
import { MembershipPaymentDialog } from './MembershipPaymentDialog.js';
import { RenewalOptionsDialog, type MembershipDialogProps } from './RenewalOptionsDialog.js';
import { RestartDialog } from './RestartDialog.js';

export type ChangeDialogKind = Extract<
  MembershipDialog['kind'],
  'renewal' | 'restart' | 'payment' | 'cancel'
>;

export function MembershipDialogs({ kind, ...props }: MembershipDialogProps & { kind: ChangeDialogKind }) {
  switch (kind) {
    case 'renewal':
      return <RenewalOptionsDialog {...props} />;
    case 'restart':
      return <RestartDialog {...props} />;
    case 'payment':
      return <MembershipPaymentDialog {...props} />;
    case 'cancel':
      return <CancelMembershipDialog {...props} />;
  }
}
