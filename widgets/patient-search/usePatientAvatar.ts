/**
 * A patient's picture from the practice system, as an object URL for an <img>, or null. Most
 * patients have none (the server answers 404): that is no error to show, so the call shows no
 * banner and the avatar keeps its initials. The URL is revoked when the avatar goes away.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { getAvatar } from '../../embed-sdk/contract/patient.js';
import { useSdk } from '../runtime/SdkContext.js';

export function usePatientAvatar(key: number): string | null {
  const sdk = useSdk();
  const { data } = useSWR(
    ['patient/avatar', key],
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
