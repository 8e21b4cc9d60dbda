/**
 * Settings › Practice: the practice's name and phone as patients see them (on their payment pages and
 * in every message), the address that gets a blind copy of each e-mail to a patient, the person
 * Chairside's support deals with, and the time zone its days and reminders' quiet hours follow.
 */
import { Dropdown, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { US_TIME_ZONES, type PracticeSettings } from '../../../embed-sdk/contract/practiceSettings.js';
import { formatPhone } from '../../../embed-sdk/format/index.js';
import { InputField } from '../../../widgets/ui/formFields.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { Panel } from '../Panel.js';
import { usePracticeSettings } from './usePracticeSettings.js';
import { SectionSave } from './SectionSave.js';
import { useSectionForm } from './useSectionForm.js';

export const useSettingsFormStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '560px' },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
});

type Values = PracticeSettings['practice'];

const BOXES = {
  name: { field: 'name', label: 'Practice name' },
  phone: { field: 'phone', label: 'Phone' },
  bccEmail: { field: 'bccEmail', label: 'BCC address' },
  supportName: { field: 'supportName', label: 'Support contact' },
  supportEmail: { field: 'supportEmail', label: 'Support contact’s e-mail' },
  timeZone: { field: 'timeZone', label: 'Time zone' },
} as const;

/** The phone as people read it ('(512) 555-0100'); the server keeps its digits. */
const valuesOf = (s: PracticeSettings): Values => ({ ...s.practice, phone: formatPhone(s.practice.phone) });

/** The zone's label: the United States' by name, any other by its IANA name. */
const zoneLabel = (zone: string) => US_TIME_ZONES.find((z) => z.zone === zone)?.label ?? zone;

export function PracticePanel() {
  const styles = useSettingsFormStyles();
  const { settings, saveDetails } = usePracticeSettings();
  const { form, ready, failure, submit } = useSectionForm<Values, PracticeSettings>({
    loaded: settings.data,
    valuesOf,
    save: saveDetails,
    boxes: BOXES,
    savedMessage: 'Patients see the practice’s new details in the next message and on their payment pages.',
  });
  const { control, formState } = form;
  const zones = (current: string) =>
    US_TIME_ZONES.some((z) => z.zone === current)
      ? US_TIME_ZONES
      : [...US_TIME_ZONES, { zone: current, label: current }];

  return (
    <Panel title="Practice">
      <Text className={styles.intro}>
        How patients know the practice: its name and phone are on their payment pages and in every text and
        e-mail. Every e-mail to a patient can be copied to an address of the practice.
      </Text>
      <ListState
        failed={!!settings.error}
        loading={!ready && !settings.error}
        failedText="The practice’s details could not be loaded."
        loadingText="Loading the practice’s details…"
        size="small"
      >
        {ready && (
          <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
            <div className={styles.pair}>
              <InputField control={control} name="name" label="Practice name" required maxLength={120} />
              <InputField control={control} name="phone" label="Phone" required type="tel" />
            </div>
            <InputField
              control={control}
              name="bccEmail"
              label="BCC address"
              type="email"
              hint="Every e-mail to a patient is copied here. Leave it empty for no copy."
            />
            <div className={styles.pair}>
              <InputField
                control={control}
                name="supportName"
                label="Support contact"
                maxLength={120}
                hint="Who Chairside’s support calls about the practice."
              />
              <InputField
                control={control}
                name="supportEmail"
                label="Support contact’s e-mail"
                type="email"
              />
            </div>
            <Controller
              control={control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <Field
                  label="Time zone"
                  hint="The practice’s days and its reminders’ quiet hours follow it."
                  validationState={fieldState.error ? 'error' : 'none'}
                  validationMessage={fieldState.error?.message}
                >
                  <Dropdown
                    value={zoneLabel(field.value)}
                    selectedOptions={[field.value]}
                    onOptionSelect={(_e, d) => field.onChange(d.optionValue)}
                  >
                    {zones(field.value).map((z) => (
                      <Option key={z.zone} value={z.zone} text={z.label}>
                        {z.label}
                      </Option>
                    ))}
                  </Dropdown>
                </Field>
              )}
            />
            <SectionSave failure={failure} formState={formState} />
          </form>
        )}
      </ListState>
    </Panel>
  );
}
