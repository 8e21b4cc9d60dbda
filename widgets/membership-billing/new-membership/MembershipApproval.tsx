/**
 * How the patient approves a new membership: now, at the desk (the card on file, and a signature or
 * the checkbox under the agreement: what the card is charged each cycle, surcharge included, the
 * text the server keeps), or by link (a text and/or e-mail; the membership awaits the patient until
 * they complete the enrolment page). The box is unticked when the agreement changes: the patient
 * agreed to the text they saw.
 */
import { Checkbox, Field, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { ApprovalFields } from '../../ui/ApprovalFields.js';
import { CardOnFile } from '../../ui/CardOnFile.js';
import { ChannelFields } from '../../ui/ChannelFields.js';
import { RadioField } from '../../ui/formFields.js';
import type { CardSelector } from '../../ui/savedCards.js';
import { NEW_MEMBERSHIP_TEXT as T, TEXT } from '../texts.js';
import type { NewMembershipValues } from './newMembership.js';
import type { DeskAgreement, Person } from './useNewMembership.js';
import { useNewMembershipStyles } from './useNewMembershipStyles.styles.js';

export interface MembershipApprovalProps {
  control: Control<NewMembershipValues>;
  setValue: UseFormSetValue<NewMembershipValues>;
  holder: Person;
  /** What the patient agrees to at the desk (useDeskAgreement). */
  agreement: DeskAgreement;
  CardSelector: CardSelector;
  /** The form's card error. */
  cardError: string | undefined;
  onCard: (customerSavedCardId: number | null) => void;
}

/** The agreement's words while it is not known yet. */
function agreementStandIn(agreement: DeskAgreement) {
  switch (agreement.state) {
    case 'known':
      return agreement.text;
    case 'incomplete':
      return T.agreementIncomplete;
    case 'pending':
      return T.agreementPending;
    case 'failed':
      return T.agreementFailed;
  }
}

export function MembershipApproval({
  control,
  setValue,
  holder,
  agreement,
  CardSelector,
  cardError,
  onCard,
}: MembershipApprovalProps) {
  const styles = useNewMembershipStyles();
  const values = useWatch({ control }) as NewMembershipValues;
  const text = agreement.state === 'known' ? agreement.text : null;
  // A tick was for the text then shown: another amount or card is another agreement.
  useEffect(() => {
    setValue('approved', false);
  }, [text, setValue]);
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
          <section aria-label={T.agreement} className={styles.group}>
            <Text weight="semibold">{T.agreement}</Text>
            <Text className={text === null ? styles.hint : styles.agreement} aria-live="polite">
              {agreementStandIn(agreement)}
            </Text>
          </section>
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
                    disabled={text === null}
                    onChange={(_e, d) => field.onChange(d.checked === true)}
                    label={text ?? agreementStandIn(agreement)}
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
