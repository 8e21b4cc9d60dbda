/**
 * New Membership's enrollees: the holder and family members, each with a plan of the catalogue sold
 * in the chosen cycle and a quantity, their cost a cycle, and the cycle amount of them all. A family
 * member (chosen from the holder's family only) takes the first line still waiting for a plan, or a
 * new one.
 */
import { Button, Field, Select, Spinner, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { MembershipPlan } from '../../../embed-sdk/contract/membership.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { FormError } from '../../ui/FormError.js';
import { InputField } from '../../ui/formFields.js';
import { NEW_MEMBERSHIP_TEXT as T, TEXT } from '../texts.js';
import { AddFamilyMember } from './AddFamilyMember.js';
import { cycleTotal, lineTotal, plansFor, priceIn, type NewMembershipValues } from './newMembership.js';
import type { Person } from './useNewMembership.js';
import { useNewMembershipStyles } from './useNewMembershipStyles.styles.js';

export interface EnrolleeLinesProps {
  control: Control<NewMembershipValues>;
  setValue: UseFormSetValue<NewMembershipValues>;
  /** The holder: the patient who pays, and the first enrollee. */
  holder: Person;
  /** The catalogue; undefined while it loads. */
  catalogue: MembershipPlan[] | undefined;
  catalogueFailed: boolean;
}

/** No catalogue yet: the lines paint at once and offer their plans when they arrive. */
const NO_PLANS: MembershipPlan[] = [];

export function EnrolleeLines({ control, setValue, holder, catalogue, catalogueFailed }: EnrolleeLinesProps) {
  const styles = useNewMembershipStyles();
  const lines = useFieldArray({ control, name: 'enrollees' });
  const values = useWatch({ control }) as NewMembershipValues;
  const [people, setPeople] = useState<Person[]>([holder]);
  const plans = catalogue ?? NO_PLANS;
  const offered = plansFor(plans, values.cycle);

  const addFamilyMember = (person: Person) => {
    setPeople((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    const empty = values.enrollees.findIndex((l) => l.customerId === holder.id && l.membershipPlanId === '');
    if (empty > 0) setValue(`enrollees.${empty}.customerId`, person.id);
    else lines.append({ customerId: person.id, membershipPlanId: '', qty: '1' });
  };

  return (
    <div className={styles.group} role="group" aria-label={T.enrollees}>
      <h3 className={styles.groupTitle}>{T.enrollees}</h3>
      {catalogue ? null : catalogueFailed ? (
        <FormError message={T.plansFailed} />
      ) : (
        <Spinner size="tiny" labelPosition="after" label={T.plansLoading} />
      )}
      {lines.fields.map((line, index) => {
        const n = index + 1;
        const total = lineTotal(values.enrollees[index] ?? line, plans, values.cycle);
        return (
          <div key={line.id} className={styles.line}>
            <Controller
              name={`enrollees.${index}.customerId`}
              control={control}
              render={({ field }) => (
                <Field label={index === 0 ? T.enrollee : undefined}>
                  <Select
                    aria-label={T.enrolleeN(n)}
                    value={String(field.value)}
                    onChange={(_e, d) => field.onChange(Number(d.value))}
                  >
                    {people.map((p) => (
                      <option key={p.id} value={p.id}>{`${p.firstName} ${p.lastName}`}</option>
                    ))}
                  </Select>
                </Field>
              )}
            />
            <Controller
              name={`enrollees.${index}.membershipPlanId`}
              control={control}
              render={({ field, fieldState }) => (
                <Field
                  label={index === 0 ? T.plan : undefined}
                  validationState={fieldState.error ? 'error' : 'none'}
                  validationMessage={fieldState.error?.message}
                >
                  <Select
                    ref={field.ref}
                    aria-label={T.planFor(n)}
                    value={field.value}
                    onChange={(_e, d) => field.onChange(d.value)}
                  >
                    <option value="">{T.choosePlan}</option>
                    {offered.map((p) => (
                      <option key={p.id} value={p.id}>
                        {T.planOption(p.label, formatCurrency(priceIn(p, values.cycle) ?? 0))}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
            />
            <InputField
              control={control}
              name={`enrollees.${index}.qty`}
              label={index === 0 ? T.qty : undefined}
              aria-label={T.qtyFor(n)}
              type="number"
              inputMode="numeric"
              min={1}
              max={20}
            />
            <Field label={index === 0 ? T.perCycle : undefined}>
              <Text className={styles.lineTotal} aria-label={T.amountFor(n)}>
                {total === null ? T.noAmount : formatCurrency(total)}
              </Text>
            </Field>
            {/* A no-break space: a blank label as tall as the others keeps the button level with the boxes. */}
            <Field label={index === 0 ? '\u00a0' : undefined}>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={T.remove(n)}
                disabled={lines.fields.length === 1}
                onClick={() => lines.remove(index)}
              />
            </Field>
          </div>
        );
      })}
      <div className={styles.row}>
        <div>
          <Button
            icon={<AddRegular />}
            disabled={lines.fields.length >= 20}
            onClick={() => lines.append({ customerId: holder.id, membershipPlanId: '', qty: '1' })}
          >
            {T.addEnrollee}
          </Button>
        </div>
        <AddFamilyMember holder={holder} added={people.map((p) => p.id)} onAdd={addFamilyMember} />
      </div>
      <Text size={200} className={styles.hint}>
        {T.familyHint(holder.firstName)}
      </Text>
      <div className={styles.total} aria-label={T.cycleAmountLabel}>
        <span>{T.cycleAmount(TEXT.cycles[values.cycle])}</span>
        <span>{formatCurrency(cycleTotal(values, plans))}</span>
      </div>
    </div>
  );
}
