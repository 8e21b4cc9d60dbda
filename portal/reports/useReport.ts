/**
 * A report's answer, through SWR, keyed by the report and its request. A new request cancels the
 * one still on its way (its AbortController), so a person changing filters quickly waits only for
 * the last, and the previous answer stays on screen (dimmed by the page) until the new one comes.
 * The page shows its own loading and error states, so the SDK's loading bar and banners stay out.
 */
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { Endpoint } from '../../embed-sdk/contract/endpoint.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { valueOf } from '../data/valueOf.js';

export function useReport(endpoint: Endpoint, name: string, request: Record<string, unknown> | null) {
  const sdk = useSdk();
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  return useSWR(
    request ? ['report', name, JSON.stringify(request)] : null,
    () => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      return valueOf(
        sdk.api.call(endpoint, {
          body: request ?? {},
          signal: controller.signal,
          noProgress: true,
          noBanner: true,
        }),
      );
    },
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
}
