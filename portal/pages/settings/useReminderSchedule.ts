/** The practice's automatic reminders of unpaid payment requests, and saving them (Settings › Automatic reminders). */
import useSWR from 'swr';
import {
  reminderSchedule,
  saveReminderSchedule,
  type ReminderScheduleInput,
} from '../../../embed-sdk/contract/reminders.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { useSettingsChanged } from './settingsChanged.js';

export const REMINDER_SCHEDULE_KEY = ['settings/reminders'] as const;

export function useReminderSchedule() {
  const sdk = useSdk();
  const changed = useSettingsChanged();
  const schedule = useSWR(REMINDER_SCHEDULE_KEY, () => valueOf(sdk.api.call(reminderSchedule)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return {
    schedule,
    /** Saves the schedule; rejects when the server refused (its banner says why). */
    async save(input: ReminderScheduleInput) {
      const value = await valueOf(sdk.api.call(saveReminderSchedule, { body: input }));
      await schedule.mutate(value, { revalidate: false });
      await changed();
    },
  };
}
