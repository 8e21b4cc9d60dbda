/**
 * The payment request's server data and changes, through SWR and the SDK only. The request and its
 * Payment Activity are read again when the realtime hub reports a payment of this request, and the
 * request when the hub reports its first viewing. Failures have shown their banner (the SDK's
 * client does that): the changes answer null.
 */
import { useCallback, useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  getNotification,
  remind,
  remove,
  sendNewLink as sendNewLinkCall,
  type PaymentRequest,
} from '../../embed-sdk/contract/paymentRequest.js';
import { transactions } from '../../embed-sdk/contract/transaction.js';
import { useSdk } from '../runtime/SdkContext.js';
import { settled, valueOf } from '../ui/data.js';
import { useCallerRoles } from '../ui/practice.js';
import { isRequestListKey } from './requestListKey.js';

const LIVE = { revalidateOnFocus: false, shouldRetryOnError: false };

export const requestKey = (id: string) => ['notification', id] as const;
export const activityKey = (id: string) => ['notification/activity', id] as const;

export function usePaymentRequestData(id: string) {
  const sdk = useSdk();
  return useSWR(requestKey(id), () => valueOf(sdk.api.call(getNotification, { query: { id } })), LIVE);
}

/** The spec's request: notificationId, modules TEXTTOPAY, sort Date:descending, page 1. */
export function usePaymentActivity(id: string) {
  const sdk = useSdk();
  return useSWR(
    activityKey(id),
    () =>
      valueOf(
        sdk.api.call(transactions, {
          body: { notificationId: id, modules: ['TEXTTOPAY'], sort: 'Date:descending', page: 1 },
        }),
      ),
    LIVE,
  );
}

/** Whether the signed-in user may change payment requests in the current practice. */
export function useCanEditRequests() {
  return useCallerRoles().has('EDITPAYMENTREQUESTS');
}

/**
 * Reads the request and its activity again when one of its payments is processed, and the request
 * when its payment page is first opened (its Viewed step); lists of requests follow a payment.
 */
export function useLiveRefresh(id: string) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const unsubscribePayments = sdk.on('transaction-processed', (event) => {
      if (event.notificationId !== id) return;
      void mutate(requestKey(id));
      void mutate(activityKey(id));
      void mutate(isRequestListKey);
    });
    const unsubscribeViews = sdk.on('payment-request-viewed', (event) => {
      if (event.notificationId === id) void mutate(requestKey(id));
    });
    // The hub connects on first use; without it the modal still shows what it loaded.
    sdk.realtime().catch(() => undefined);
    return () => {
      unsubscribePayments();
      unsubscribeViews();
    };
  }, [sdk, mutate, id]);
}

/**
 * Send Reminder, Send New Link and Cancel. Each answers the request as the server changed it, or null
 * when it was refused (the banner says why).
 */
export function usePaymentRequestChanges(id: string) {
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  const store = useCallback(
    async (value: { notifications: PaymentRequest[] } | null): Promise<PaymentRequest | null> => {
      // The server answers every request it changed.
      const changed = value?.notifications.find((n) => n.id === id) ?? null;
      if (changed) await mutate(requestKey(id), changed, { revalidate: false });
      // Lists of requests (the portal's pages) read again.
      await mutate(isRequestListKey);
      return changed;
    },
    [mutate, id],
  );
  const sendReminder = useCallback(
    async () => store(await settled(sdk.api.call(remind, { body: { ids: [id] } }))),
    [sdk, store, id],
  );
  const cancelRequest = useCallback(
    async () => store(await settled(sdk.api.call(remove, { body: { ids: [id] } }))),
    [sdk, store, id],
  );
  const sendNewLink = useCallback(async () => {
    const changed = await settled(sdk.api.call(sendNewLinkCall, { body: { id } }));
    return store(changed && { notifications: [changed] });
  }, [sdk, store, id]);
  return { sendReminder, sendNewLink, cancelRequest };
}
