/** How long the practice's patient links work, and saving it (Settings › Patient links). */
import useSWR from 'swr';
import type { LinkExpirySettings } from '../../../embed-sdk/contract/patientLinks.js';
import { linkExpiry, saveLinkExpiry } from '../../../embed-sdk/contract/settings.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useSettingsChanged } from './settingsChanged.js';
import { valueOf } from '../../data/valueOf.js';

export const LINK_EXPIRY_KEY = ['settings/linkExpiry'] as const;

export function useLinkExpiry() {
  const sdk = useSdk();
  const changed = useSettingsChanged();
  const settings = useSWR(LINK_EXPIRY_KEY, () => valueOf(sdk.api.call(linkExpiry)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return {
    settings,
    /** Saves the days; rejects when the server refused (its banner says why). */
    async save(days: LinkExpirySettings) {
      const value = await valueOf(sdk.api.call(saveLinkExpiry, { body: days }));
      await settings.mutate(value, { revalidate: false });
      await changed();
    },
  };
}
