/**
 * How the patient approves a new membership: now, at the desk (the card on file, and a signature or
 * the checkbox that says what they agree to be billed), or by link (a text and/or e-mail; the
 * membership awaits the patient until they complete the enrolment page).
 */
import { Checkbox, Field, Text } from '@fluentui/react-components';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { MembershipPlan } from '../../../embed-sdk/contract/membership.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { ApprovalFields } from '../../ui/ApprovalFields.js';
import { CardOnFile } from '../../ui/CardOnFile.js';
import { ChannelFields } from '../../ui/ChannelFields.js';
import { RadioField } from '../../ui/formFields.js';
import type { CardSelector } from '../../ui/savedCards.js';
import { NEW_MEMBERSHIP_TEXT as T, TEXT } from '../texts.js';
import { cycleTotal, type NewMembershipValues } from './newMembership.js';
import type { Person } from './useNewMembership.js';
import { useNewMembershipStyles } from './useNewMembershipStyles.styles.js';

export interface MembershipApprovalProps {
  control: Control<NewMembershipValues>;
  holder: Person;
  plans: readonly MembershipPlan[];
  CardSelector: CardSelector;
  /** The form's card error. */
  cardError: string | undefined;
  onCard: (customerSavedCardId: number | null) => void;
}

export function MembershipApproval({
  control,
  holder,
  plans,
  CardSelector,
  cardError,
  onCard,
}: MembershipApprovalProps) {
  const styles = useNewMembershipStyles();
  const values = useWatch({ control }) as NewMembershipValues;
  return (
    <div className={styles.group}>
      <RadioField
        control={control}
        name="approveBy"
        label={T.approveBy}
        required
        choices={T.approveByChoices}
      />
      {values.approveBy === 'NOW' ? (
        <>
          <CardOnFile CardSelector={CardSelector} customerId={holder.id} error={cardError} onCard={onCard} />
          <ApprovalFields
            control={control}
            methodName="approvalMethod"
            signatureName="signature"
            methods={TEXT.methods}
            signatureMethod="SIGNATURE"
            texts={{ method: T.approvedBy, signature: T.signature, signatureHint: T.signatureHint }}
          />
          {values.approvalMethod === 'CHECKBOX' ? (
            <Controller
              name="approved"
              control={control}
              render={({ field, fieldState }) => (
                <Field
                  validationState={fieldState.error ? 'error' : 'none'}
                  validationMessage={fieldState.error?.message}
                >
                  <Checkbox
                    checked={field.value}
                    onChange={(_e, d) => field.onChange(d.checked === true)}
                    label={T.agrees(
                      holder.firstName,
                      formatCurrency(cycleTotal(values, plans)),
                      values.cycle,
                    )}
                  />
                </Field>
              )}
            />
          ) : null}
        </>
      ) : (
        <>
          <Text size={200} className={styles.hint}>
            {T.linkHint(holder.firstName)}
          </Text>
          <ChannelFields control={control} sideBySide />
        </>
      )}
    </div>
  );
}
