/**
 * Add Plan and Edit Plan (Membership Administration): the plan's label, description, image,
 * benefits, monthly and/or yearly price and linked discount plan. A bad field is named under its box
 * and nothing is sent; what the server refuses shows the same way.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { UNEXPECTED_SERVER_ERROR } from '../../../embed-sdk/banner.js';
import type { MembershipPlan } from '../../../embed-sdk/contract/membership.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { DialogForm, FormDialog } from '../../../widgets/ui/FormDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { InputField, MONEY_INPUT, TextareaField } from '../../../widgets/ui/formFields.js';
import {
  emptyPlanForm,
  imageProblem,
  PLAN_FIELD_LABELS as L,
  planBody,
  planFormOf,
  planFormSchema,
  serverPlanErrors,
  type PlanFormValues,
} from './planForm.js';
import { useCatalogueChanges } from './usePlanCatalogue.js';

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  prices: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  benefit: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  benefitBox: { flex: 1 },
  image: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  preview: {
    width: '96px',
    height: '64px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface PlanFormDialogProps {
  /** null: closed; 'new': Add Plan; a plan: Edit Plan. */
  plan: MembershipPlan | 'new' | null;
  onClose: () => void;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

function ImageField({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error: string | undefined;
  onChange: (image: string | null, problem: string | null) => void;
}) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <Field
      label={L.image}
      hint="A PNG, JPEG, WebP or GIF of at most 200 kB, shown to patients on the enrolment page."
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <div className={styles.image}>
        {value ? <img src={value} alt="The plan’s image" className={styles.preview} /> : null}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-label="Choose an image"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void readAsDataUrl(file).then(
              (dataUrl) => onChange(dataUrl, imageProblem(dataUrl)),
              (failure: Error) => onChange(value, failure.message),
            );
          }}
        />
        <Button icon={<ImageAddRegular />} onClick={() => input.current?.click()}>
          {value ? 'Change Image' : 'Choose Image'}
        </Button>
        {value ? (
          <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onChange(null, null)}>
            Remove Image
          </Button>
        ) : null}
      </div>
    </Field>
  );
}

function PlanForm({ plan, onClose }: { plan: MembershipPlan | 'new'; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const changes = useCatalogueChanges();
  const form = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    defaultValues: plan === 'new' ? emptyPlanForm() : planFormOf(plan),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState, setError, clearErrors, setValue, watch } = form;
  const benefits = useFieldArray({ control, name: 'benefits' });
  const [failure, setFailure] = useState<string | null>(null);
  const image = watch('image');

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { body } = planBody(values);
    try {
      const saved =
        plan === 'new' ? await changes.create(body) : await changes.update({ ...body, id: plan.id });
      notify({
        intent: 'success',
        title: plan === 'new' ? 'Plan Added' : 'Plan Saved',
        message:
          plan === 'new'
            ? `${saved.label} is in the catalogue and can be chosen for new memberships.`
            : `The changes to ${saved.label} have been saved. Existing memberships keep their amounts.`,
      });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.envelope) {
        const { fields, other } = serverPlanErrors(error.envelope.errors);
        for (const [field, message] of Object.entries(fields)) {
          setError(field as FieldPath<PlanFormValues>, { type: 'server', message });
        }
        setFailure(other.length > 0 ? other.join('\n') : null);
        return;
      }
      setFailure(error instanceof Error && error.message ? error.message : UNEXPECTED_SERVER_ERROR);
    }
  });

  const benefitsError = formState.errors.benefits;
  return (
    <DialogForm
      title={plan === 'new' ? 'Add Plan' : `Edit ${plan.label}`}
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={plan === 'new' ? 'Add Plan' : 'Save Plan'}
      submitting={formState.isSubmitting}
      contentClassName={styles.form}
      error={<FormError message={failure} />}
    >
      <InputField control={control} name="label" label={L.label} required maxLength={100} />
      <TextareaField
        control={control}
        name="description"
        label={L.description}
        hint="What the plan is for, as patients read it."
        maxLength={2000}
        resize="vertical"
      />
      <ImageField
        value={image}
        error={formState.errors.image?.message}
        onChange={(next, problem) => {
          if (problem) {
            setError('image', { type: 'manual', message: problem });
            return;
          }
          clearErrors('image');
          setValue('image', next, { shouldDirty: true });
        }}
      />
      <Field
        label={L.benefits}
        hint="One a line, e.g. “2 cleanings a year” or “20% off fillings”."
        validationState={benefitsError?.message ? 'error' : 'none'}
        validationMessage={benefitsError?.message}
      >
        <div className={styles.form}>
          {benefits.fields.map((row, index) => (
            <div key={row.id} className={styles.benefit}>
              <InputField
                control={control}
                name={`benefits.${index}.text`}
                aria-label={`Benefit ${index + 1}`}
                className={styles.benefitBox}
                maxLength={200}
              />
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`Remove benefit ${index + 1}`}
                disabled={benefits.fields.length === 1}
                onClick={() => benefits.remove(index)}
              />
            </div>
          ))}
          <div>
            <Button
              icon={<AddRegular />}
              disabled={benefits.fields.length >= 30}
              onClick={() => benefits.append({ text: '' })}
            >
              Add Benefit
            </Button>
          </div>
        </div>
      </Field>
      <div className={styles.prices}>
        <InputField
          control={control}
          name="monthlyPrice"
          label={L.monthlyPrice}
          hint="Per enrollee, each month."
          {...MONEY_INPUT}
        />
        <InputField
          control={control}
          name="yearlyPrice"
          label={L.yearlyPrice}
          hint="Per enrollee, each year."
          {...MONEY_INPUT}
        />
      </div>
      <Text size={200} className={styles.hint}>
        Give a monthly price, a yearly price or both: the plan is sold in the cycles it has a price for.
      </Text>
      <InputField
        control={control}
        name="discountPlan"
        label={L.discountPlan}
        hint="Optional: the practice system’s discount plan members get on other treatment."
        maxLength={200}
      />
    </DialogForm>
  );
}

export function PlanFormDialog({ plan, onClose }: PlanFormDialogProps) {
  const styles = useStyles();
  return (
    <FormDialog
      open={plan !== null}
      label={plan === 'new' ? 'Add Plan' : 'Edit Plan'}
      onClose={onClose}
      className={styles.surface}
    >
      {plan !== null && <PlanForm plan={plan} onClose={onClose} />}
    </FormDialog>
  );
}
