/**
 * My Profile: who is signed in, as the identity provider knows them, and their roles in the current
 * practice. The sandbox's identity provider has no account page of its own, so this is the profile.
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { formatPhone } from '../../embed-sdk/format/index.js';
import { ROLE_LABELS } from '../session/roleLabels.js';
import { useSession } from '../session/SessionContext.js';
import { gatewayLabel } from '../shell/gatewayLabel.js';
import { DetailList } from '../../widgets/ui/DetailList.js';
import { PageHeader } from './PageHeader.js';
import { Panel } from './Panel.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
  },
  roles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  note: { display: 'block', marginTop: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3 },
});

export default function UserProfilePage() {
  const styles = useStyles();
  const { session } = useSession();
  return (
    <>
      <PageHeader title="My Profile" description="Your account, as Chairside's sign-in service knows you." />
      <div className={styles.grid}>
        <Panel title="Account">
          <DetailList
            items={[
              ['Name', session.name],
              ['E-mail', session.email],
              ['Mobile phone', formatPhone(session.phone) || 'Not given'],
              ['Administrator', session.isAdmin ? 'Yes' : 'No'],
            ]}
          />
          <Text className={styles.note}>
            Your name, e-mail and password are managed by Chairside's sign-in service. Ask your practice's
            administrator to change them.
          </Text>
        </Panel>
        <Panel title={`Your roles at ${session.companyName}`}>
          <div className={styles.roles}>
            {session.roles.length === 0 ? (
              <Text>No roles in this practice.</Text>
            ) : (
              session.roles.map((role) => (
                <Badge key={role} appearance="tint" color="brand">
                  {ROLE_LABELS[role] ?? role}
                </Badge>
              ))
            )}
          </div>
          <Text className={styles.note}>
            Practices: {session.companies.map((c) => `${c.name} (${gatewayLabel(c.gatewayCode)})`).join(', ')}
          </Text>
        </Panel>
      </div>
    </>
  );
}
