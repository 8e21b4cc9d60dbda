/**
 * Invite a person (`#/admin/adminuser`, from Admin Users): a new account for someone, with their
 * roles in one practice; they get an e-mail with a link to set their password (7 days), and their
 * page opens.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { inviteUser } from '../../../embed-sdk/contract/admin.js';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { FormActions } from '../../../widgets/ui/FormActions.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { InputField } from '../../../widgets/ui/formFields.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { placeErrors, type FormBox } from '../adminForm.js';
import { PracticePicker, type ChosenPractice } from '../PracticePicker.js';
import { RolePicker } from './RolePicker.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
  names: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  practice: string;
}

const BOXES: Record<string, FormBox<keyof InviteValues>> = {
  firstName: { field: 'firstName', label: 'First name' },
  lastName: { field: 'lastName', label: 'Last name' },
  email: { field: 'email', label: 'E-mail' },
  'access.companyId': { field: 'practice', label: 'Practice' },
};

export default function InvitePersonPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<InviteValues>({
    defaultValues: { firstName: '', lastName: '', email: '', practice: '' },
  });
  const { control, formState, setError, clearErrors } = form;
  const [practice, setPractice] = useState<ChosenPractice | null>(null);
  const [roles, setRoles] = useState<Role[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!practice) {
      setError('practice', { type: 'manual', message: 'Choose the practice they will work in.' });
      return;
    }
    try {
      const { userId } = await valueOf(
        sdk.api.call(inviteUser, {
          noBanner: true,
          body: {
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            access: { companyId: practice.id, roles },
          },
        }),
      );
      notify({
        intent: 'success',
        title: 'Invitation sent',
        message: `${values.email.trim()} has 7 days to set a password and sign in to ${practice.name}.`,
      });
      navigate(`/admin/adminuser/${userId}`);
    } catch (error) {
      const placed = placeErrors(error, (path) => BOXES[path]);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof InviteValues, { type: 'server', message: message as string });
      }
      setFailure(placed.other);
    }
  });

  return (
    <>
      <PageHeader
        eyebrow="Admin · Admin Users"
        title="Invite a person"
        description="They get an e-mail with a link to set their password, valid for 7 days, and can then sign in to the practice with the roles you give them here."
      />
      <Panel>
        <form noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
          <div className={styles.names}>
            <InputField control={control} name="firstName" label="First name" required maxLength={60} />
            <InputField control={control} name="lastName" label="Last name" required maxLength={60} />
          </div>
          <InputField control={control} name="email" label="E-mail" type="email" required maxLength={254} />
          <PracticePicker
            value={practice}
            onChange={(p) => {
              setPractice(p);
              clearErrors('practice');
            }}
            error={formState.errors.practice?.message}
          />
          <RolePicker value={roles} onChange={setRoles} label="Roles in this practice" />
          <FormError message={failure} />
          <div className={styles.actions}>
            <FormActions
              submitLabel="Send invitation"
              onCancel={() => navigate('/admin/adminusers')}
              submitting={formState.isSubmitting}
            />
          </div>
        </form>
      </Panel>
    </>
  );
}
