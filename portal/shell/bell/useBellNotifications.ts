/**
 * The bell's data: the practice's latest company notifications, refreshed every minute and when the
 * window regains focus (a decline can happen while the page is open), and the call that records
 * that the bell was opened.
 */
import { useCallback } from 'react';
import useSWR from 'swr';
import {
  getLatestNotifications,
  viewedCompanyNotification,
} from '../../../embed-sdk/contract/notification.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { useSession } from '../../session/SessionContext.js';
import { latestViewed, unreadCount } from './bellNotifications.js';

export const BELL_REFRESH_MS = 60_000;

export function useBellNotifications() {
  const sdk = useSdk();
  const { session, update } = useSession();
  const { data, error, isLoading, mutate } = useSWR(
    ['companyNotification/latest', session.companyId],
    () => valueOf(sdk.api.call(getLatestNotifications, { noProgress: true })),
    { refreshInterval: BELL_REFRESH_MS, shouldRetryOnError: false },
  );
  const lastViewed = latestViewed(session.companyNotificationsViewed, data?.lastViewed);
  const count = data ? unreadCount(data.notifications, lastViewed) : 0;

  /** POST viewedCompanyNotification; the count clears once the server has recorded the view. */
  const markViewed = useCallback(async () => {
    const result = await sdk.api.call(viewedCompanyNotification, { noProgress: true }).catch(() => null);
    if (!result?.isSuccess) return;
    const viewedAt = result.value.dateTime;
    update({ companyNotificationsViewed: viewedAt });
    await mutate((current) => current && { ...current, lastViewed: viewedAt }, { revalidate: false });
  }, [sdk, update, mutate]);

  return {
    notifications: data?.notifications,
    lastViewed,
    count,
    failed: !!error,
    loading: isLoading,
    markViewed,
  };
}
