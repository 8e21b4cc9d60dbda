/** New Membership's billing cycle and start date (today, by the server's clock, or later). */
import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { Controller, type Control } from 'react-hook-form';
import { InputField } from '../../ui/formFields.js';
import { NEW_MEMBERSHIP_TEXT as T, TEXT } from '../texts.js';
import { startMin, type NewMembershipValues } from './newMembership.js';
import { useNewMembershipStyles } from './useNewMembershipStyles.styles.js';

export function MembershipTerms({
  control,
  today,
}: {
  control: Control<NewMembershipValues>;
  today: string;
}) {
  const styles = useNewMembershipStyles();
  return (
    <div className={styles.row}>
      <Controller
        name="cycle"
        control={control}
        render={({ field }) => (
          <Field label={T.cycle} required>
            <RadioGroup
              layout="horizontal"
              name={field.name}
              value={field.value}
              onChange={(_e, d) => field.onChange(d.value)}
            >
              <Radio value="MONTHLY" label={TEXT.cycles.MONTHLY} />
              <Radio value="YEARLY" label={TEXT.cycles.YEARLY} />
            </RadioGroup>
          </Field>
        )}
      />
      <InputField
        control={control}
        name="startDate"
        label={T.startDate}
        required
        type="date"
        min={startMin(today)}
        hint={T.startDateHint}
      />
    </div>
  );
}
