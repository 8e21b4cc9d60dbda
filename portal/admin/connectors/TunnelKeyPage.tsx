/**
 * Tunnel Key (`#/admin/showTunnelKey?companyId=`): the secret a practice's connector presents with its
 * heartbeat, masked, with the key a rotation issued shown in full once, on this page, and never again;
 * it takes effect at the connector's next heartbeat, when the old key stops working.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  mergeClasses,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { rotateTunnelKey, tunnelKey } from '../../../embed-sdk/contract/connectors.js';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { DetailList } from '../../../widgets/ui/DetailList.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { PracticePicker } from '../PracticePicker.js';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  key: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase300,
    overflowWrap: 'anywhere',
    userSelect: 'all',
  },
  shown: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  actions: { marginTop: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function TunnelKeyPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const companyId = Number(params.get('companyId')) || null;
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  // The key a rotation answered: in this page's memory only, gone on a reload or another practice.
  const [issued, setIssued] = useState<{ companyId: number; key: string } | null>(null);

  const { data, error, mutate } = useSWR(
    companyId ? ['admin/tunnelKey', companyId] : null,
    () => valueOf(sdk.api.call(tunnelKey, { query: { companyId: companyId! } })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const choose = (id: number | null) => {
    setIssued(null);
    setParams(id ? { companyId: String(id) } : {}, { replace: true });
  };

  const rotate = async () => {
    if (!companyId) return;
    setRotating(true);
    try {
      const answer = await valueOf(sdk.api.call(rotateTunnelKey, { body: { companyId } }));
      const { key, ...state } = answer;
      setIssued({ companyId, key });
      await mutate(state, { revalidate: false });
      setConfirming(false);
    } catch (failure) {
      notify({ intent: 'danger', title: 'The key was not rotated', message: (failure as Error).message });
    } finally {
      setRotating(false);
    }
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      notify({ intent: 'success', title: 'Copied', message: 'The new key is on the clipboard.' });
    } catch {
      notify({ intent: 'warning', title: 'Not copied', message: 'Select the key and copy it by hand.' });
    }
  };

  const shownKey = issued && issued.companyId === companyId ? issued.key : null;

  return (
    <>
      <PageHeader
        eyebrow="Admin · Connectors"
        title="Tunnel Key"
        description={
          <>
            The secret a practice&apos;s connector presents with each heartbeat. A new key is shown once, when
            it is issued; the connector takes it at its next heartbeat, and the old key stops working then.
          </>
        }
      />
      <div className={styles.stack}>
        <PracticePicker
          // The picker keeps what is typed: it starts again from the practice once it is known.
          key={data?.companyId ?? 'none'}
          value={data ? { id: data.companyId, name: data.companyName } : null}
          onChange={(p) => choose(p?.id ?? null)}
        />
        {!companyId ? (
          <p className={styles.muted}>Choose a practice to see its connector&apos;s key.</p>
        ) : error ? (
          <p role="alert">This practice&apos;s key could not be loaded: the practice may not exist.</p>
        ) : !data ? (
          <Spinner label="Loading the key…" />
        ) : (
          <>
            {shownKey ? (
              <MessageBar intent="warning" layout="multiline" aria-label="The new tunnel key">
                <MessageBarBody className={styles.shown}>
                  <MessageBarTitle>Copy the new key now: it is not shown again</MessageBarTitle>
                  <code className={styles.key} data-testid="new-tunnel-key">
                    {shownKey}
                  </code>
                  <span className={styles.controls}>
                    <Button size="small" onClick={() => void copy(shownKey)}>
                      Copy
                    </Button>
                  </span>
                </MessageBarBody>
              </MessageBar>
            ) : null}
            <Panel title={`${data.companyName}: tunnel key`}>
              <DetailList
                items={[
                  [
                    'Current key',
                    data.current ? (
                      <span>
                        <code className={styles.key}>{data.current.masked}</code>{' '}
                        <span className={styles.muted}>
                          in use since {formatDateTime(data.current.since)}
                        </span>
                      </span>
                    ) : (
                      'None yet: rotate to issue the first.'
                    ),
                  ],
                  [
                    'New key',
                    data.pending ? (
                      <span>
                        <code className={styles.key}>{data.pending.masked}</code>{' '}
                        <span className={styles.muted}>
                          issued {formatDateTime(data.pending.rotatedAt)} by {data.pending.rotatedBy}; it
                          takes effect at the connector&apos;s next heartbeat
                          {data.current ? ', and the current key works until then' : ''}.
                        </span>
                      </span>
                    ) : (
                      'None waiting'
                    ),
                  ],
                ]}
              />
              <div className={mergeClasses(styles.controls, styles.actions)}>
                <Button appearance="primary" onClick={() => setConfirming(true)}>
                  Rotate key
                </Button>
                <Link href={`#/admin/odlog/${data.companyId}`}>The connector&apos;s log</Link>
              </div>
            </Panel>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Rotate ${data?.companyName ?? 'the practice'}'s tunnel key?`}
        message="A new key is issued and shown once, here. The connector takes it at its next heartbeat, and the current key stops working then."
        confirmLabel="Rotate key"
        busy={rotating}
        onConfirm={() => void rotate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
