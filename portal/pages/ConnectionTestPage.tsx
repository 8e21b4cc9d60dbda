/**
 * The test screen: a connection check staff (or support, on the phone with them) can run. It calls
 * the API as every screen does, so a problem shows the same banner a screen would, and a success
 * says how long the answer took.
 */
import { useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PlugConnected20Regular } from '@fluentui/react-icons';
import { clinics, current } from '../../embed-sdk/contract/company.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../widgets/runtime/useBanners.js';
import { usePortalConfiguration } from '../boot/PortalConfiguration.js';
import { useSession } from '../session/SessionContext.js';
import { DetailList } from '../../widgets/ui/DetailList.js';
import { PageHeader } from './PageHeader.js';
import { Panel } from './Panel.js';

const useStyles = makeStyles({
  panel: {
    maxWidth: '720px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    alignItems: 'flex-start',
  },
  result: { color: tokens.colorNeutralForeground2 },
});

export default function ConnectionTestPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const configuration = usePortalConfiguration();
  const { session } = useSession();
  const [last, setLast] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const check = async () => {
    setRunning(true);
    const started = performance.now();
    try {
      const [company, clinicList] = await Promise.all([sdk.api.call(current), sdk.api.call(clinics)]);
      if (company.isSuccess && clinicList.isSuccess) {
        const ms = Math.round(performance.now() - started);
        const message = `Chairside answered for ${company.value.name} (${clinicList.value.clinics.length} clinics) in ${ms} ms.`;
        setLast(message);
        notify({ intent: 'success', title: 'Connected', message });
      } else {
        setLast('The check was refused; the message above says why.');
      }
    } catch {
      setLast('The check failed; the message above says why.');
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Connection Test"
        description="Check that this device reaches Chairside and your practice's data."
      />
      <Panel className={styles.panel}>
        <DetailList
          items={[
            ['Practice', session.companyName],
            ['Version', session.releaseVersion],
            ['Sign-in service', configuration.authority],
            ['Realtime hub', configuration.hubUrl],
          ]}
        />
        <Button
          appearance="primary"
          icon={<PlugConnected20Regular />}
          disabled={running}
          onClick={() => void check()}
        >
          Check the connection
        </Button>
        {last ? (
          <Text className={styles.result} role="status">
            {last}
          </Text>
        ) : null}
      </Panel>
    </>
  );
}
