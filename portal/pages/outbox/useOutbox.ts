/** The outbox, as the Outbox page reads it: the signed-in person's practice (every practice for an administrator). */
import useSWR from 'swr';
import { outbox } from '../../../embed-sdk/contract/sandbox.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';

/** The page shows this many messages, the newest. */
export const OUTBOX_PAGE_SIZE = 500;

export function useOutbox() {
  const sdk = useSdk();
  return useSWR(
    ['sandbox/outbox', OUTBOX_PAGE_SIZE],
    () => valueOf(sdk.api.call(outbox, { query: { limit: OUTBOX_PAGE_SIZE } })),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
}
