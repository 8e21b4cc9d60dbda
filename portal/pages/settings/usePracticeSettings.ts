/**
 * The practice's details and its allocation and membership settings (Settings › Practice, Settings ›
 * Allocation and memberships): read once for both sections, saved section by section. A saved change
 * also changes this device's session (the name in the top bar, the allocation the widgets read), and
 * the Recent changes list is read again.
 */
import useSWR from 'swr';
import {
  practiceSettings,
  saveAllocationAndMemberships,
  savePracticeDetails,
  type PracticeSettings,
} from '../../../embed-sdk/contract/practiceSettings.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { useSession } from '../../session/SessionContext.js';
import { useSettingsChanged } from './settingsChanged.js';

export const PRACTICE_SETTINGS_KEY = ['settings/practice'] as const;

export function usePracticeSettings() {
  const sdk = useSdk();
  const { update } = useSession();
  const changed = useSettingsChanged();
  const settings = useSWR(PRACTICE_SETTINGS_KEY, () => valueOf(sdk.api.call(practiceSettings)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  async function saved(value: PracticeSettings) {
    await settings.mutate(value, { revalidate: false });
    update({
      companyName: value.practice.name,
      companyPhone: value.practice.phone,
      bccOnSystemEmail: value.practice.bccEmail !== '',
      config: value.allocation,
    });
    await changed();
    return value;
  }

  return {
    settings,
    /** Saves the details; rejects with the server's refusal (the form places it on its fields). */
    async saveDetails(body: PracticeSettings['practice']) {
      return saved(await valueOf(sdk.api.call(savePracticeDetails, { body, noBanner: true })));
    },
    async saveAllocation(body: { doesAllocateProcedures: boolean; membershipDays: string }) {
      return saved(
        await valueOf(
          sdk.api.call(saveAllocationAndMemberships, {
            // Sent as typed: the contract reads decimal digits and names anything else.
            body: { ...body, membershipDays: body.membershipDays.trim() as unknown as number },
            noBanner: true,
          }),
        ),
      );
    },
  };
}
