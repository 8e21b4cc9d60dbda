/** The modal's pills: membership ID, patient ID and status (Canceled and Expired with their dates). */
import { Badge, makeStyles } from '@fluentui/react-components';
import { membershipStatusPill } from '../../embed-sdk/rules/memberships.js';
import type { Membership } from './membershipView.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  pills: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

export function MembershipPills({ membership: m }: { membership: Membership }) {
  const styles = useStyles();
  const status = membershipStatusPill(m);
  return (
    <div className={styles.pills}>
      <Badge appearance="tint" shape="rounded" color="informative">
        {TEXT.membershipId(m.id)}
      </Badge>
      <Badge appearance="tint" shape="rounded" color="informative">
        {TEXT.patientId(m.patientKey ?? m.customerId)}
      </Badge>
      <Badge appearance="filled" shape="rounded" color={status.tone} data-status={m.status}>
        {status.text}
      </Badge>
    </div>
  );
}
