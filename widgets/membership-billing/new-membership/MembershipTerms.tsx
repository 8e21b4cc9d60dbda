/** New Membership's billing cycle and start date (today, by the server's clock, or later). */
import type { Control } from 'react-hook-form';
import { InputField, RadioField } from '../../ui/formFields.js';
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
      <RadioField control={control} name="cycle" label={T.cycle} required choices={TEXT.cycles} />
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
