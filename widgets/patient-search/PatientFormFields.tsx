/** The form's fields: the clinic (a new patient, when there is a choice), names, e-mail, mobile. */
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { ClinicChoices } from './clinicOptions.js';
import { NAME_MAX_LENGTH, type PatientFormValues } from './patientForm.js';

const useStyles = makeStyles({
  names: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    // A message under one name must not stretch the other field.
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
});

type TextField = 'firstName' | 'lastName' | 'email' | 'cell';

const FIELDS: Record<
  TextField,
  { label: string; type: 'text' | 'email' | 'tel'; autoComplete: string; maxLength: number }
> = {
  firstName: { label: 'First name', type: 'text', autoComplete: 'off', maxLength: NAME_MAX_LENGTH },
  lastName: { label: 'Last name', type: 'text', autoComplete: 'off', maxLength: NAME_MAX_LENGTH },
  email: { label: 'Email', type: 'email', autoComplete: 'off', maxLength: 254 },
  cell: { label: 'Mobile phone', type: 'tel', autoComplete: 'off', maxLength: 40 },
};

function TextInput({
  name,
  control,
  errors,
  required,
}: {
  name: TextField;
  control: Control<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
  required?: boolean;
}) {
  const { label, ...input } = FIELDS[name];
  const message = errors[name]?.message;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Field
          label={label}
          required={required}
          validationState={message ? 'error' : 'none'}
          validationMessage={message}
        >
          <Input
            {...input}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={(_event, data) => field.onChange(data.value)}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

export function PatientFormFields({
  control,
  errors,
  clinics,
}: {
  control: Control<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
  /** Null when the form shows no clinic choice. */
  clinics: ClinicChoices | null;
}) {
  const styles = useStyles();
  return (
    <>
      {clinics ? (
        <Controller
          name="clinicNum"
          control={control}
          render={({ field }) => (
            <Field label="Clinic">
              <Select
                ref={field.ref}
                name={field.name}
                value={field.value}
                disabled={clinics.loading}
                onChange={(_event, data) => field.onChange(data.value)}
                onBlur={field.onBlur}
              >
                {clinics.loading ? <option value="">Loading clinics…</option> : null}
                {clinics.options.map((clinic) => (
                  <option key={clinic.clinicNum} value={String(clinic.clinicNum)}>
                    {clinic.description}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        />
      ) : null}
      <div className={styles.names}>
        <TextInput name="firstName" control={control} errors={errors} required />
        <TextInput name="lastName" control={control} errors={errors} required />
      </div>
      <TextInput name="email" control={control} errors={errors} />
      <TextInput name="cell" control={control} errors={errors} />
    </>
  );
}
