/**
 * Settings › Allocation and memberships: whether a payment is allocated to the patient's procedures
 * in the practice system (Open Dental practices only), and how many days before a membership that will
 * not renew ends its expiring notice reaches staff (the bell) and it shows as Expiring.
 */
import { Field, Switch, Text } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import type { PracticeSettings } from '../../../embed-sdk/contract/practiceSettings.js';
import { InputField } from '../../../widgets/ui/formFields.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { Panel } from '../Panel.js';
import { useSettingsFormStyles } from './PracticePanel.js';
import { usePracticeSettings } from './usePracticeSettings.js';
import { SectionSave } from './SectionSave.js';
import { useSectionForm } from './useSectionForm.js';

interface Values {
  doesAllocateProcedures: boolean;
  membershipDays: string;
}

const BOXES = {
  doesAllocateProcedures: { field: 'doesAllocateProcedures', label: 'Procedure allocation' },
  membershipDays: { field: 'membershipDays', label: 'Membership notice days' },
} as const;

const valuesOf = (s: PracticeSettings): Values => ({
  doesAllocateProcedures: s.allocation.doesAllocateProcedures,
  membershipDays: String(s.allocation.membershipDays),
});

export function AllocationPanel() {
  const styles = useSettingsFormStyles();
  const { settings, saveAllocation } = usePracticeSettings();
  const { form, ready, failure, submit } = useSectionForm<Values, PracticeSettings>({
    loaded: settings.data,
    valuesOf,
    save: saveAllocation,
    boxes: BOXES,
    savedMessage: 'Payments and membership notices follow the new settings from now on.',
  });
  const { control, formState } = form;
  const openDental = settings.data?.gatewayCode === 'OPENDENTAL';

  return (
    <Panel title="Allocation and memberships">
      <Text className={styles.intro}>
        With allocation on, staff split each payment over the patient’s procedures, and the practice system
        records it against them. A membership near its end is announced to staff, for them to renew it in
        time.
      </Text>
      <ListState
        failed={!!settings.error}
        loading={!ready && !settings.error}
        failedText="The allocation and membership settings could not be loaded."
        loadingText="Loading the allocation and membership settings…"
        size="small"
      >
        {ready && (
          <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
            <Controller
              control={control}
              name="doesAllocateProcedures"
              render={({ field, fieldState }) => (
                <Field
                  hint={
                    openDental
                      ? undefined
                      : 'Procedure allocation is available only when the practice management system is Open Dental.'
                  }
                  validationState={fieldState.error ? 'error' : 'none'}
                  validationMessage={fieldState.error?.message}
                >
                  <Switch
                    checked={field.value}
                    disabled={!openDental && !field.value}
                    onChange={(_e, d) => field.onChange(d.checked)}
                    label="Allocate payments to procedures"
                  />
                </Field>
              )}
            />
            <InputField
              control={control}
              name="membershipDays"
              label="Membership notice days"
              required
              inputMode="numeric"
              hint="How many days before a membership that will not renew ends, staff get its notice in the bell and it shows as Expiring (1 to 365)."
            />
            <SectionSave failure={failure} formState={formState} />
          </form>
        )}
      </ListState>
    </Panel>
  );
}
