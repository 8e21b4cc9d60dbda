/**
 * Settings (route `companyProfile`, MANAGESETTINGS; administrators have every role in a practice
 * they enter): who may act for the practice from outside Chairside — the partners' pages that embed
 * it, and the practice systems' add-ons with the roles granted to each — and how long the links its
 * patients receive work.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSession } from '../../session/SessionContext.js';
import { PageHeader } from '../PageHeader.js';
import { BulkRequestsPanel } from './BulkRequestsPanel.js';
import { EmbedOriginsPanel } from './EmbedOriginsPanel.js';
import { IntegrationsPanel } from './IntegrationsPanel.js';
import { LinkExpiryPanel } from './LinkExpiryPanel.js';

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
        description="Who may act for the practice from outside Chairside: partners’ pages that embed it, and practice systems’ add-ons. How long the links patients receive work."
      />
      <div className={styles.panels}>
        <EmbedOriginsPanel />
        <IntegrationsPanel />
        <LinkExpiryPanel />
        <BulkRequestsPanel />
      </div>
    </>
  );
}
