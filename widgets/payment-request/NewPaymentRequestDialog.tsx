/**
 * "New Payment Request": the patient (chosen here, or given), the amount (money), the channels
 * (text and/or e-mail, prefilled from the patient) and an optional message. Sending creates the
 * request and closes the dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, Input } from '@fluentui/react-components';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { useNotify } from '../runtime/useBanners.js';
import { InputField, MONEY_INPUT, TextareaField } from '../ui/formFields.js';
import { DialogForm, FormDialog } from '../ui/FormDialog.js';
import { PATIENT_COMBOBOX_TEXT, PatientCombobox, type ChosenPatient } from '../ui/PatientCombobox.js';
import { canSend } from '../../embed-sdk/validation/channels.js';
import { ChannelFields } from '../ui/ChannelFields.js';
import { channelPrefill } from '../ui/channels.js';
import { emptyRequest, newRequestSchema, type NewRequestValues } from './newRequest.js';
import { NEW_TEXT } from './texts.js';
import { useCreateRequest, useCustomerContact } from './useNewRequest.js';

export interface NewPaymentRequestDialogProps {
  open: boolean;
  /** The patient, when the request is for a known one (the patient page); otherwise chosen here. */
  customer?: ChosenPatient | undefined;
  onClose: () => void;
  onCreated?: (request: PaymentRequest) => void;
}

function NewRequestForm({ customer, onClose, onCreated }: Omit<NewPaymentRequestDialogProps, 'open'>) {
  const notify = useNotify();
  const createRequest = useCreateRequest();
  const form = useForm<NewRequestValues>({
    resolver: zodResolver(newRequestSchema),
    defaultValues: emptyRequest(customer?.id ?? null),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState, setValue } = form;
  const [customerId, notifyText, notifyEmail] = useWatch({
    control,
    name: ['customerId', 'notifyText', 'notifyEmail'],
  });
  const contact = useCustomerContact(customerId).data;
  // The channels start from the chosen patient's contact details.
  useEffect(() => {
    if (!contact) return;
    const prefill = channelPrefill(contact);
    for (const [name, value] of Object.entries(prefill)) {
      setValue(name as keyof typeof prefill, value as never, { shouldValidate: formState.isSubmitted });
    }
  }, [contact, setValue, formState.isSubmitted]);

  const submit = form.handleSubmit(async (values) => {
    const created = await createRequest(values);
    if (!created) return; // the banner says why
    notify({ intent: 'success', title: NEW_TEXT.sentTitle, message: NEW_TEXT.sent });
    onCreated?.(created);
    onClose();
  });
  const errors = formState.errors;

  return (
    <DialogForm
      title={NEW_TEXT.title}
      onSubmit={submit}
      onCancel={onClose}
      cancelLabel={NEW_TEXT.cancel}
      submitLabel={NEW_TEXT.send}
      submitting={formState.isSubmitting}
      canSubmit={canSend({ notifyText, notifyEmail })}
    >
      {customer ? (
        <Field label={PATIENT_COMBOBOX_TEXT.patient}>
          <Input readOnly value={`${customer.firstName} ${customer.lastName}`} />
        </Field>
      ) : (
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
      <InputField control={control} name="amount" label={NEW_TEXT.amount} required {...MONEY_INPUT} />
      <ChannelFields control={control} />
      <TextareaField
        control={control}
        name="message"
        label={NEW_TEXT.message}
        rows={3}
        resize="vertical"
        maxLength={500}
      />
    </DialogForm>
  );
}

export function NewPaymentRequestDialog(props: NewPaymentRequestDialogProps) {
  return (
    <FormDialog open={props.open} label={NEW_TEXT.title} onClose={props.onClose}>
      {props.open && (
        <NewRequestForm customer={props.customer} onClose={props.onClose} onCreated={props.onCreated} />
      )}
    </FormDialog>
  );
}
