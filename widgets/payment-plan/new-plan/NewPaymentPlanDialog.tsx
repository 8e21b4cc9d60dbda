/**
 * "New Payment Plan": the patient (chosen here, or given by the patient page), the plan total and
 * an optional down payment, the number of cycles and their frequency, the first billing date, the
 * card on file (or cash and check) and how the patient approved the plan. The schedule is previewed
 * by the server as the terms change; Create saves that schedule (a card plan's down payment is
 * charged at once) and hands the new plan back so the page can open it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useCallback, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { MAX_CYCLES, type Frequency, type PaymentPlan } from '../../../embed-sdk/contract/paymentPlan.js';
import { formatIsoDay } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useNotify } from '../../runtime/useBanners.js';
import { ApprovalFields } from '../../ui/ApprovalFields.js';
import { CardOnFile } from '../../ui/CardOnFile.js';
import {
  createBody,
  emptyPlan,
  firstBillingMin,
  newPlanSchema,
  readTerms,
  type NewPlanValues,
} from './newPlan.js';
import { InputField, MONEY_INPUT, RadioField } from '../../ui/formFields.js';
import { DialogForm, FormDialog } from '../../ui/FormDialog.js';
import { FormError } from '../../ui/FormError.js';
import { PatientCombobox, type ChosenPatient } from '../../ui/PatientCombobox.js';
import type { CardSelector } from '../../ui/savedCards.js';
import { SchedulePreview } from './SchedulePreview.js';
import { APPROVED_METHOD_LABELS, FREQUENCY_LABELS, NEW_PLAN_TEXT as T } from './texts.js';
import { reasonOf, useCreatePlan, usePlanPreview } from './useNewPlan.js';

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    alignItems: 'start',
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  groupTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface NewPaymentPlanDialogProps {
  open: boolean;
  /** The patient, when the plan is for a known one (the patient page); otherwise chosen here. */
  customer?: ChosenPatient | undefined;
  onClose: () => void;
  /** The plan was created (the dialog closes itself). */
  onCreated?: (plan: PaymentPlan) => void;
  /** The card on file's selector: the page that places the dialog gives the stored cards' one. */
  CardSelector: CardSelector;
}

const FREQUENCIES: Frequency[] = ['MONTHLY', 'BIWEEKLY', 'WEEKLY'];

function NewPlanForm({
  customer,
  onClose,
  onCreated,
  CardSelector,
}: Omit<NewPaymentPlanDialogProps, 'open'>) {
  const styles = useStyles();
  const notify = useNotify();
  const createPlan = useCreatePlan();
  const sdk = useSdk();
  // Today as the form opened, by the server's clock (a sandbox's may be ahead of the browser's): the
  // first billing date's bounds and default come from it.
  const [day] = useState(() => formatIsoDay(sdk.now()));
  const resolver = useMemo(() => zodResolver(newPlanSchema(day)), [day]);
  const form = useForm<NewPlanValues>({
    resolver,
    defaultValues: emptyPlan(customer?.id ?? null, day),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState, setValue, setError } = form;
  const termsId = useId();
  const [failure, setFailure] = useState<string | null>(null);

  const values = useWatch({ control }) as NewPlanValues;
  const terms = readTerms(values, day).terms;
  const preview = usePlanPreview(terms);
  const isCash = values.paidBy === 'CASH';

  const revalidate = formState.isSubmitted;
  const onCard = useCallback(
    (id: number | null) => setValue('customerSavedCardId', id, { shouldValidate: revalidate }),
    [setValue, revalidate],
  );

  const submit = form.handleSubmit(async (valid) => {
    setFailure(null);
    const checked = readTerms(valid, day).terms;
    if (!checked) return; // the resolver has said why
    const outcome = await createPlan(createBody(checked, valid));
    if (!outcome.ok) {
      for (const [field, message] of Object.entries(outcome.fields)) {
        setError(field as FieldPath<NewPlanValues>, { type: 'server', message });
      }
      setFailure(outcome.message);
      return;
    }
    const plan = outcome.plan;
    const name = `${plan.firstName} ${plan.lastName}`;
    notify({ intent: 'success', title: T.createdTitle, message: T.created(name) });
    const declined = plan.ledgerDtos.find((l) => l.kind === 'PAYMENT' && l.status === 'DECLINED');
    if (declined) {
      notify({
        intent: 'warning',
        title: T.downPaymentDeclinedTitle,
        message: T.downPaymentDeclined(declined.reason ?? ''),
      });
    }
    onCreated?.(plan);
    onClose();
  });
  const errors = formState.errors;
  const error = (name: keyof NewPlanValues) => ({
    validationState: errors[name] ? ('error' as const) : ('none' as const),
    validationMessage: errors[name]?.message,
  });

  return (
    <DialogForm
      title={customer ? T.titleFor(`${customer.firstName} ${customer.lastName}`) : T.title}
      onSubmit={submit}
      onCancel={onClose}
      cancelLabel={T.cancel}
      submitLabel={T.create}
      submitting={formState.isSubmitting}
      contentClassName={styles.form}
      error={<FormError message={failure} />}
    >
      {customer ? null : (
        <Controller
          name="customerId"
          control={control}
          render={({ field }) => (
            <PatientCombobox
              value={field.value}
              error={errors.customerId?.message}
              onChange={field.onChange}
            />
          )}
        />
      )}

      <div className={styles.group} role="group" aria-labelledby={termsId}>
        <h3 id={termsId} className={styles.groupTitle}>
          {T.terms}
        </h3>
        <div className={styles.grid}>
          {(
            [
              ['total', T.total, T.totalHint, true],
              ['downPayment', T.downPayment, T.downPaymentHint, false],
            ] as const
          ).map(([name, label, hint, required]) => (
            <InputField
              key={name}
              control={control}
              name={name}
              label={label}
              hint={hint}
              required={required}
              {...MONEY_INPUT}
            />
          ))}
          <InputField
            control={control}
            name="cycleCount"
            label={T.cycleCount}
            required
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CYCLES}
            step={1}
          />
          <Controller
            name="frequency"
            control={control}
            render={({ field }) => (
              <Field label={T.frequency} required {...error('frequency')}>
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(_e, data) => field.onChange(data.value as Frequency)}
                >
                  {FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {FREQUENCY_LABELS[f]}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          />
          <InputField
            control={control}
            name="firstBillingDate"
            label={T.firstBillingDate}
            required
            type="date"
            min={firstBillingMin(day)}
          />
        </div>
      </div>

      <div className={styles.group}>
        <RadioField
          control={control}
          name="paidBy"
          label={T.paidBy}
          required
          choices={{ CARD: T.card, CASH: T.cash }}
        />
        {isCash ? (
          <Text size={200} className={styles.hint}>
            {T.cashHint}
          </Text>
        ) : values.customerId !== null ? (
          <CardOnFile
            key={values.customerId}
            CardSelector={CardSelector}
            customerId={values.customerId}
            error={errors.customerSavedCardId?.message}
            onCard={onCard}
          />
        ) : (
          <Field label={T.cardField} required {...error('customerSavedCardId')}>
            <Text size={200} className={styles.hint}>
              {T.choosePatientForCards}
            </Text>
          </Field>
        )}
      </div>

      <div className={styles.group}>
        <ApprovalFields
          control={control}
          methodName="approvedMethod"
          signatureName="signature"
          methods={APPROVED_METHOD_LABELS}
          signatureMethod="SIGNATURE"
          texts={{ method: T.approvedMethod, signature: T.signature, signatureHint: T.signatureHint }}
        />
      </div>

      <SchedulePreview
        schedule={preview.schedule}
        error={preview.error === undefined ? undefined : reasonOf(preview.error)}
        pending={preview.pending}
        isCash={isCash}
      />
    </DialogForm>
  );
}

export function NewPaymentPlanDialog(props: NewPaymentPlanDialogProps) {
  const styles = useStyles();
  return (
    <FormDialog open={props.open} label={T.title} onClose={props.onClose} className={styles.surface}>
      {props.open && (
        <NewPlanForm
          customer={props.customer}
          onClose={props.onClose}
          onCreated={props.onCreated}
          CardSelector={props.CardSelector}
        />
      )}
    </FormDialog>
  );
}
