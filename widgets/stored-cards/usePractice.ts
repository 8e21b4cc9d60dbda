/**
 * The current practice: the card-entry frame needs its ids at the card provider (businessId,
 * appId). The key is the one every widget reads the practice under, so a page loads it once.
 */
import useSWR from 'swr';
import { current } from '../../embed-sdk/contract/company.js';
import { useSdk } from '../runtime/SdkContext.js';
import { ONCE, valueOf } from '../ui/data.js';

export function useCurrentCompany() {
  const sdk = useSdk();
  return useSWR(['company/current'], () => valueOf(sdk.api.call(current)), ONCE);
}
