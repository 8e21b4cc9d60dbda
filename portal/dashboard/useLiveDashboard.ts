/**
 * The dashboard's figures follow the realtime hub, as the transactions list does: a payment, refund or
 * void taken anywhere in the practice (TransactionProcessed), a membership the billing run or a
 * patient changed, or a card a patient stored through a link reads the summary again, without waiting
 * for the minute's refresh.
 *
 * One payment raises more than one event (its own, then its posting to the practice system a few
 * seconds later), and a billing run raises one per charge: a burst becomes one read, at most
 * `MAX_WAIT_MS` after its first event, so the page stays live without asking for the whole summary
 * once per event.
 */
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { DASHBOARD_KEY } from './useDashboardSummary.js';

/** A burst is over once no event came for this long. */
export const QUIET_MS = 400;
/** However long a burst lasts, the figures are read again this long after its first event. */
export const MAX_WAIT_MS = 2_000;

export interface Coalesced {
  /** An event came: `run` will be called once its burst is over. */
  trigger: () => void;
  /** Forgets a pending run (the page went away). */
  cancel: () => void;
}

/** Calls `run` once per burst of triggers: `quietMs` after the last one, or `maxWaitMs` after the first. */
export function coalesce(run: () => void, quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS): Coalesced {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(quiet);
    clearTimeout(deadline);
    quiet = deadline = undefined;
  };
  const fire = () => {
    cancel();
    run();
  };
  return {
    trigger: () => {
      clearTimeout(quiet);
      quiet = setTimeout(fire, quietMs);
      deadline ??= setTimeout(fire, maxWaitMs);
    },
    cancel,
  };
}

export function useLiveDashboard() {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const refresh = coalesce(() => void mutate(DASHBOARD_KEY));
    const unsubscribes = [
      sdk.on('transaction-processed', refresh.trigger),
      sdk.on('membership-updated', refresh.trigger),
      sdk.on('card-request-completed', refresh.trigger),
    ];
    // The hub connects on first use; without it the page still refreshes every minute.
    sdk.realtime().catch(() => undefined);
    return () => {
      unsubscribes.forEach((unsubscribe) => unsubscribe());
      refresh.cancel();
    };
  }, [sdk, mutate]);
}
