/** How every capability reads server data through SWR. */
import type { SWRConfiguration } from 'swr';
import type { ApiResult } from '../../embed-sdk/api/types.js';

/** Settings of the practice change rarely: load once per page, and never retry on a failure that already showed its banner. */
export const ONCE: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
};

/** A business "no" (isSuccess false) becomes an error for SWR; its banner has been shown. */
export async function valueOf<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!result.isSuccess) throw new Error(result.errors[0] ?? 'The request was refused.');
  return result.value;
}

/**
 * A change's answer, or null when there is none: the server said no or no answer came. Either way
 * the SDK's client has shown the banner that says why, so the caller only has to stop.
 */
export async function settled<T>(answer: Promise<ApiResult<T>>): Promise<T | null> {
  try {
    const result = await answer;
    return result.isSuccess ? result.value : null;
  } catch {
    return null;
  }
}
