/**
 * A patient's picture from the practice system, as an object URL for an <img>, or null. Most
 * patients have none: the search result says so (`hasAvatar`), and then nothing is asked, so a host
 * page's console shows no 404 per patient. A picture that fails to load is no error to show either:
 * the call shows no banner and the avatar keeps its initials. The URL is revoked when the avatar goes
 * away.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { getAvatar } from '../../embed-sdk/contract/patient.js';
import { useSdk } from '../runtime/SdkContext.js';

export function usePatientAvatar(key: number, hasAvatar: boolean): string | null {
  const sdk = useSdk();
  const { data } = useSWR(
    hasAvatar ? ['patient/avatar', key] : null,
    () => sdk.api.callBinary(getAvatar, { query: { id: key }, noBanner: true, noProgress: true }),
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data || !data.type.startsWith('image/')) return;
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [data]);
  return url;
}
