/** The practice's credit-card surcharge and its state, and saving them (Settings › Surcharging). */
import useSWR from 'swr';
import {
  saveSurcharging,
  surcharging,
  type SurchargeSettings,
} from '../../../embed-sdk/contract/settings.js';
import type { UsState } from '../../../embed-sdk/rules/surchargeLaw.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { useSettingsChanged } from './settingsChanged.js';

export const SURCHARGING_KEY = ['settings/surcharging'] as const;

export function useSurcharging() {
  const sdk = useSdk();
  const changed = useSettingsChanged();
  const settings = useSWR(SURCHARGING_KEY, () => valueOf(sdk.api.call(surcharging)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return {
    settings,
    /** Saves them; rejects when the server refused (the error names the field). */
    async save(change: Omit<SurchargeSettings, 'state'> & { state: UsState }): Promise<SurchargeSettings> {
      const value = await valueOf(sdk.api.call(saveSurcharging, { body: change }));
      await settings.mutate(value, { revalidate: false });
      await changed();
      return value;
    },
  };
}
