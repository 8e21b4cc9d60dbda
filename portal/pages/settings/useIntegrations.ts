/** The practice's practice-system integrations, and the roles granted to each (Settings). */
import useSWR from 'swr';
import {
  integrations,
  setIntegrationRoles,
  type IntegrationRole,
} from '../../../embed-sdk/contract/settings.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useSettingsChanged } from './settingsChanged.js';
import { valueOf } from '../../data/valueOf.js';

export const INTEGRATIONS_KEY = ['settings/integrations'] as const;

export function useIntegrations() {
  const sdk = useSdk();
  const changed = useSettingsChanged();
  const list = useSWR(INTEGRATIONS_KEY, () => valueOf(sdk.api.call(integrations)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return {
    list,
    async setRoles(clientId: string, roles: IntegrationRole[]) {
      const updated = await valueOf(sdk.api.call(setIntegrationRoles, { body: { clientId, roles } }));
      await list.mutate(
        (current) =>
          current && {
            integrations: current.integrations.map((i) => (i.clientId === clientId ? updated : i)),
          },
        { revalidate: false },
      );
      await changed();
    },
  };
}
