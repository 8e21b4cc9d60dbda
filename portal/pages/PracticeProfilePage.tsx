/** The practice's profile: who the current practice is, its practice system, phone and clinics. */
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { formatPhone } from '../../embed-sdk/format/index.js';
import { useClinics } from '../../widgets/patient-search/index.js';
import { useSession } from '../session/SessionContext.js';
import { gatewayLabel } from '../shell/gatewayLabel.js';
import { DetailList } from '../../widgets/ui/DetailList.js';
import { PageHeader } from './PageHeader.js';
import { Panel } from './Panel.js';

/** The spec's fallback when the clinics cannot be read. */
export const CLINICS_FAILED = 'Headquarters (issue getting clinics)';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
  },
  clinics: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'grid',
    gap: tokens.spacingVerticalXS,
  },
});

export default function PracticeProfilePage() {
  const styles = useStyles();
  const { session } = useSession();
  const clinics = useClinics(true);
  return (
    <>
      <PageHeader title="Practice Profile" eyebrow="Current practice" description={session.companyName} />
      <div className={styles.grid}>
        <Panel title="Practice">
          <DetailList
            items={[
              ['Name', session.companyName],
              ['Practice system', gatewayLabel(session.gatewayCode)],
              ['Phone', formatPhone(session.companyPhone) || 'Not given'],
              ['Card surcharge', session.hasSurcharging ? 'On' : 'Off'],
              ['Procedure allocation', session.config.doesAllocateProcedures ? 'On' : 'Off'],
            ]}
          />
        </Panel>
        <Panel title="Clinics">
          {clinics.error ? (
            <Text>{CLINICS_FAILED}</Text>
          ) : !clinics.data ? (
            <Spinner size="tiny" label="Loading clinics…" />
          ) : (
            <ul className={styles.clinics} aria-label="Clinics">
              {clinics.data.clinics.map((c) => (
                <li key={c.clinicNum}>{c.description}</li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
