/**
 * Edit a practice's profile (its page in the admin area): its name and phone as patients see them,
 * procedure allocation (Open Dental practices only), the membership notice days and the BCC address
 * of the e-mails to its patients (what its managers also set in Settings). The server's refusals go on their fields.
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { makeStyles, Switch, tokens } from '@fluentui/react-components';
import { saveCompanyProfile, type AdminCompany } from '../../../embed-sdk/contract/admin.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { DialogForm, FormDialog } from '../../../widgets/ui/FormDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { InputField } from '../../../widgets/ui/formFields.js';
import { valueOf } from '../../data/valueOf.js';
import { placeErrors, type FormBox } from '../adminForm.js';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface ProfileValues {
  name: string;
  phone: string;
  doesAllocateProcedures: boolean;
  membershipDays: string;
  bccEmail: string;
}

const BOXES: Record<string, FormBox<keyof ProfileValues>> = {
  name: { field: 'name', label: 'Practice name' },
  phone: { field: 'phone', label: 'Phone' },
  doesAllocateProcedures: { field: 'doesAllocateProcedures', label: 'Procedure allocation' },
  membershipDays: { field: 'membershipDays', label: 'Membership notice days' },
  bccEmail: { field: 'bccEmail', label: 'BCC address' },
};

export function ProfileDialog({
  company,
  onClose,
  onSaved,
}: {
  company: AdminCompany;
  onClose: () => void;
  onSaved: (company: AdminCompany) => void;
}) {
  const styles = useStyles();
  const sdk = useSdk();
  const form = useForm<ProfileValues>({
    defaultValues: {
      name: company.name,
      phone: company.phone,
      doesAllocateProcedures: company.doesAllocateProcedures,
      membershipDays: String(company.membershipDays),
      bccEmail: company.bccEmail,
    },
  });
  const { control, formState, setError } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await valueOf(
        sdk.api.call(saveCompanyProfile, {
          noBanner: true,
          body: {
            id: company.id,
            name: values.name,
            phone: values.phone,
            doesAllocateProcedures: values.doesAllocateProcedures,
            // Sent as typed: the contract reads decimal digits and names anything else.
            membershipDays: values.membershipDays.trim() as unknown as number,
            bccEmail: values.bccEmail,
          },
        }),
      );
      onSaved(saved);
    } catch (error) {
      const placed = placeErrors(error, (path) => BOXES[path]);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof ProfileValues, { type: 'server', message: message as string });
      }
      setFailure(placed.other);
    }
  });
  const openDental = company.gatewayCode === 'OPENDENTAL';
  return (
    <FormDialog open onClose={onClose} busy={formState.isSubmitting} unsaved={formState.isDirty}>
      <DialogForm
        title={`Edit ${company.name}`}
        onSubmit={submit}
        onCancel={onClose}
        submitLabel="Save profile"
        submitting={formState.isSubmitting}
        contentClassName={styles.fields}
        error={<FormError message={failure} />}
      >
        <InputField control={control} name="name" label="Practice name" required maxLength={120} />
        <InputField
          control={control}
          name="phone"
          label="Phone"
          required
          type="tel"
          hint="As patients see it."
        />
        <InputField
          control={control}
          name="membershipDays"
          label="Membership notice days"
          required
          inputMode="numeric"
          hint="How many days before a membership ends its notice goes out (1 to 365)."
        />
        <Controller
          control={control}
          name="doesAllocateProcedures"
          render={({ field, fieldState }) => (
            <>
              <Switch
                checked={field.value}
                disabled={!openDental && !field.value}
                onChange={(_e, d) => field.onChange(d.checked)}
                label={
                  openDental
                    ? 'Allocate payments to procedures'
                    : 'Allocate payments to procedures (Open Dental only)'
                }
              />
              {fieldState.error ? <FormError message={fieldState.error.message} /> : null}
            </>
          )}
        />
        <InputField
          control={control}
          name="bccEmail"
          label="BCC address"
          type="email"
          hint="Every e-mail to a patient is copied here. Leave it empty for no copy."
        />
      </DialogForm>
    </FormDialog>
  );
}
