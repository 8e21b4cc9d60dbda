/**
 * Bulk payment requests (Settings › Bulk payment requests): the preview of who a send reaches, the
 * send, and the run it started, read again every POLL_MS until it is finished.
 *
 * Progress by polling the run, not the realtime hub: the run's figures live in the database and any
 * instance answers them (the instance that works the run may not be the one this page's socket is
 * on, and the hub's events go to every connection of the practice), a read of one run is one small
 * query, and the poll also takes a run over when the server working it stopped (routes/bulkRequests.ts).
 */
import { useState } from 'react';
import useSWR from 'swr';
import {
  bulkRequestRun,
  latestBulkRequestRun,
  previewBulkRequests,
  sendBulkRequests,
  type BulkRun,
  type BulkSource,
} from '../../../embed-sdk/contract/bulkRequests.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { useSettingsChanged } from './settingsChanged.js';

/** How often a running send's progress is read. */
export const POLL_MS = 500;

export interface BulkRecipients {
  source: BulkSource;
  list: string;
}

export function useBulkRequests() {
  const sdk = useSdk();
  const changed = useSettingsChanged();
  const [started, setStarted] = useState<BulkRun | null>(null);
  // The practice's latest send, so that a send still running shows its progress after a reload.
  const latest = useSWR(['settings/bulkRequests/latest'], () => valueOf(sdk.api.call(latestBulkRequestRun)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const shown = started ?? latest.data?.run ?? null;
  const run = useSWR(
    shown ? ['settings/bulkRequests/run', shown.id] : null,
    () =>
      valueOf(sdk.api.call(bulkRequestRun, { query: { id: shown!.id }, noProgress: true, noBanner: true })),
    {
      fallbackData: shown ?? undefined,
      refreshInterval: (data) => (data && !data.finished ? POLL_MS : 0),
      revalidateOnFocus: false,
      revalidateOnMount: shown ? !shown.finished : false,
    },
  );
  return {
    /** The send just started, or the practice's latest; null for none. */
    run: shown ? (run.data ?? shown) : null,
    loading: latest.isLoading,
    /** Who a send would reach; rejects when the server refused (its banner says why). */
    preview: (recipients: BulkRecipients) => valueOf(sdk.api.call(previewBulkRequests, { body: recipients })),
    /** Starts the send; the same key (a second click) answers the same run. */
    async send(recipients: BulkRecipients & { message: string }, idempotencyKey: string) {
      const value = await valueOf(sdk.api.call(sendBulkRequests, { body: recipients, idempotencyKey }));
      setStarted(value);
      await changed();
      return value;
    },
  };
}
