/**
 * Settings (route `companyProfile`, MANAGESETTINGS; administrators have every role in a practice
 * they enter): the practice runs its own payments here, one section at a time, each saved on its own
 * and audited. How patients know the practice; allocation and memberships; how long patients' links
 * work; who may act for the practice from outside Chairside (partners' pages, practice systems'
 * add-ons); and the recent changes to all of it.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSession } from '../../session/SessionContext.js';
import { PageHeader } from '../PageHeader.js';
import { AllocationPanel } from './AllocationPanel.js';
import { BulkRequestsPanel } from './BulkRequestsPanel.js';
import { EmbedOriginsPanel } from './EmbedOriginsPanel.js';
import { IntegrationsPanel } from './IntegrationsPanel.js';
import { LinkExpiryPanel } from './LinkExpiryPanel.js';
import { PracticePanel } from './PracticePanel.js';
import { RecentChangesPanel } from './RecentChangesPanel.js';
import { PatientMessagesPanel } from './PatientMessagesPanel.js';
import { RemindersPanel } from './RemindersPanel.js';
import { SurchargingPanel } from './SurchargingPanel.js';

const useStyles = makeStyles({
  panels: { display: 'grid', gap: tokens.spacingVerticalXL, maxWidth: '960px' },
});

export default function SettingsPage() {
  const styles = useStyles();
  const { session } = useSession();
  return (
    <>
      <PageHeader
        title="Settings"
        eyebrow={session.companyName}
        description="How the practice runs its payments: what patients see and receive, when they are reminded, and who may act for the practice from outside Chairside. Each section saves on its own."
      />
      <div className={styles.panels}>
        <PracticePanel />
        <SurchargingPanel />
        <PatientMessagesPanel />
        <RemindersPanel />
        <BulkRequestsPanel />
        <LinkExpiryPanel />
        <AllocationPanel />
        <EmbedOriginsPanel />
        <IntegrationsPanel />
        <RecentChangesPanel />
      </div>
    </>
  );
}
