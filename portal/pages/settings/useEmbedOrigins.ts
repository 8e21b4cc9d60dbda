/** The practice's embed origins, and adding and removing one (Settings). */
import useSWR from 'swr';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { addEmbedOrigin, embedOrigins, removeEmbedOrigin } from '../../../embed-sdk/contract/settings.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useSettingsChanged } from './settingsChanged.js';
import { valueOf } from '../../data/valueOf.js';

export const EMBED_ORIGINS_KEY = ['settings/embedOrigins'] as const;

/** What the server said was wrong with the origin ("body.origin: The origin must…" without its field). */
export function refusalOf(error: unknown): string {
  if (isApiError(error)) {
    const first = error.envelope?.errors[0];
    return first ? first.replace(/^body\.origin: /, '') : 'The origin could not be saved. Try again.';
  }
  // A business rule's "no" (valueOf throws it with the rule's message).
  return error instanceof Error ? error.message : 'The origin could not be saved. Try again.';
}

export function useEmbedOrigins() {
  const sdk = useSdk();
  const changed = useSettingsChanged();
  const list = useSWR(EMBED_ORIGINS_KEY, () => valueOf(sdk.api.call(embedOrigins)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return {
    list,
    /** Adds the origin; rejects with an error whose text `refusalOf` gives. */
    async add(origin: string) {
      const value = await valueOf(sdk.api.call(addEmbedOrigin, { body: { origin }, noBanner: true }));
      await list.mutate(value, { revalidate: false });
      await changed();
    },
    async remove(origin: string) {
      const value = await valueOf(sdk.api.call(removeEmbedOrigin, { body: { origin } }));
      await list.mutate(value, { revalidate: false });
      await changed();
    },
  };
}
