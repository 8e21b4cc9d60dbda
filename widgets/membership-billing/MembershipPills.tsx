/** The modal's pills: membership ID, patient ID and status (Canceled and Expired with their dates). */
import { membershipStatusPill } from '../../embed-sdk/rules/memberships.js';
import { RecordPills } from '../ui/RecordPills.js';
import type { Membership } from './membershipView.js';
import { TEXT } from './texts.js';

export function MembershipPills({ membership: m }: { membership: Membership }) {
  return (
    <RecordPills
      recordId={TEXT.membershipId(m.id)}
      patientKey={m.patientKey ?? m.customerId}
      status={membershipStatusPill(m)}
      statusKey={m.status}
    />
  );
}
