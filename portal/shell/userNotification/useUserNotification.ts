/** The newest user notification the person has not dismissed, and its dismissal. */
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import {
  getLastUserNotification,
  updateUserNotificationDate,
} from '../../../embed-sdk/contract/notification.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';

export function useUserNotification() {
  const sdk = useSdk();
  const { data, mutate } = useSWR(
    ['userNotification/last'],
    () => valueOf(sdk.api.call(getLastUserNotification, { noProgress: true })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const [dismissing, setDismissing] = useState(false);
  const notification = data?.notification ?? null;

  /** Hides the banner only once the server has confirmed the dismissal. */
  const dismiss = useCallback(async () => {
    if (!notification) return;
    setDismissing(true);
    try {
      const result = await sdk.api.call(updateUserNotificationDate, { body: { id: notification.id } });
      if (result.isSuccess) await mutate({ notification: null }, { revalidate: false });
    } catch {
      // The SDK showed the error banner; the notification stays until a dismissal succeeds.
    } finally {
      setDismissing(false);
    }
  }, [sdk, notification, mutate]);

  return { notification, dismissing, dismiss };
}
