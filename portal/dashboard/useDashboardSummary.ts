/**
 * The dashboard's one call, through SWR. It refreshes every minute and when the window regains focus,
 * quietly: the page shows its own skeleton, error and "as of" time, so the SDK's loading overlay and
 * banners stay out of it (a refresh failing every minute must not stack banners).
 */
import useSWR, { type SWRConfiguration } from 'swr';
import { summary } from '../../embed-sdk/contract/dashboard.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { valueOf } from '../data/valueOf.js';

export const DASHBOARD_KEY = ['dashboard/summary'] as const;

export const REFRESH_MS = 60_000;

const OPTIONS: SWRConfiguration = {
  refreshInterval: REFRESH_MS,
  shouldRetryOnError: false,
  keepPreviousData: true,
};

export function useDashboardSummary() {
  const sdk = useSdk();
  return useSWR(
    DASHBOARD_KEY,
    () => valueOf(sdk.api.call(summary, { noProgress: true, noBanner: true })),
    OPTIONS,
  );
}
