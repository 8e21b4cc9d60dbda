/**
 * New Membership, from the patient page: the enrollees (the patient and family members, each with a
 * plan of the catalogue and a quantity), the cycle, the start date, then how the patient approves:
 * now (the card on file, and a signature or the checkbox; the server records the method, IP address
 * and time) or by link (a text and/or e-mail; the membership awaits the patient until they complete
 * the enrolment page). A bad field is named and nothing is sent.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import useSWR from 'swr';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { UNEXPECTED_SERVER_ERROR } from '../../../embed-sdk/banner.js';
import {
  enroll,
  MEMBERSHIP_MESSAGES,
  type CustomerMembershipBilling,
  type MembershipPlan,
} from '../../../embed-sdk/contract/membership.js';
import { getCustomer, type Customer } from '../../../embed-sdk/contract/patient.js';
import { formatCurrency, formatIsoDay } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { CardOnFile } from '../../../widgets/ui/CardOnFile.js';
import { ChannelFields } from '../../../widgets/ui/ChannelFields.js';
import { channelPrefill } from '../../../widgets/ui/channels.js';
import { DialogForm, FormDialog, FormError } from '../../../widgets/ui/FormDialog.js';
import { InputField } from '../../../widgets/ui/formFields.js';
import { PatientCombobox } from '../../../widgets/ui/PatientCombobox.js';
import { valueOf } from '../../data/valueOf.js';
import { StoredCardSelector } from '../storedCardSelector.js';
import {
  cycleTotal,
  emptyMembership,
  enrollBody,
  lineTotal,
  newMembershipSchema,
  plansFor,
  priceIn,
  serverEnrollErrors,
  startMin,
  type NewMembershipValues,
} from './newMembership.js';
import { CYCLE_LABELS } from './MembershipCells.js';
import { usePlanCatalogue } from './usePlanCatalogue.js';
import { useRefreshMemberships } from './useMemberships.js';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  groupTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 1fr) minmax(180px, 1.4fr) 72px 96px 32px',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
  },
  lineTotal: { paddingTop: '6px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  total: { display: 'flex', justifyContent: 'space-between', fontWeight: tokens.fontWeightSemibold },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

export interface NewMembershipDialogProps {
  open: boolean;
  /** The holder: the patient who pays. */
  customer: Customer;
  onClose: () => void;
  /** The membership was made (the dialog closes itself). */
  onCreated?: (membership: CustomerMembershipBilling) => void;
}

/** A family member to enrol: chosen by name, then read for their name (the box gives the id). */
function AddFamilyMember({ onAdd }: { onAdd: (person: Person) => void }) {
  const sdk = useSdk();
  const [chosen, setChosen] = useState<number | null>(null);
  useSWR(
    chosen === null ? null : ['customer/get', chosen],
    () => valueOf(sdk.api.call(getCustomer, { query: { id: chosen! } })),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onSuccess: (c) => {
        onAdd({ id: c.id, firstName: c.firstName, lastName: c.lastName });
        setChosen(null);
      },
    },
  );
  return (
    <PatientCombobox
      key={chosen === null ? 'idle' : 'reading'}
      label="Add a family member"
      required={false}
      value={chosen}
      onChange={setChosen}
    />
  );
}

/** No catalogue yet: the form paints at once and offers its plans when they arrive. */
const NO_PLANS: MembershipPlan[] = [];

function NewMembershipForm({
  customer,
  catalogue,
  catalogueFailed,
  onClose,
  onCreated,
}: Omit<NewMembershipDialogProps, 'open'> & {
  /** Undefined while the catalogue loads. */
  catalogue: MembershipPlan[] | undefined;
  catalogueFailed: boolean;
}) {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const refresh = useRefreshMemberships();
  // Today by the server's clock (a sandbox's may be ahead of the browser's).
  const [today] = useState(() => formatIsoDay(sdk.now()));
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const plans = catalogue ?? NO_PLANS;
  const resolver = useMemo(() => zodResolver(newMembershipSchema(plans, today)), [plans, today]);
  const form = useForm<NewMembershipValues>({
    resolver,
    defaultValues: emptyMembership(customer.id, today, channelPrefill(customer)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState, setValue, setError } = form;
  const lines = useFieldArray({ control, name: 'enrollees' });
  const values = useWatch({ control }) as NewMembershipValues;
  const [people, setPeople] = useState<Person[]>([customer]);
  const [failure, setFailure] = useState<string | null>(null);
  const offered = plansFor(plans, values.cycle);
  const revalidate = formState.isSubmitted;
  const onCard = useCallback(
    (id: number | null) => setValue('customerSavedCardId', id, { shouldValidate: revalidate }),
    [setValue, revalidate],
  );
  const errors = formState.errors;
  const error = (message: string | undefined) => ({
    validationState: message ? ('error' as const) : ('none' as const),
    validationMessage: message,
  });

  const submit = form.handleSubmit(async (valid) => {
    setFailure(null);
    try {
      const result = await sdk.api.call(enroll, {
        body: enrollBody(customer.id, valid),
        idempotencyKey,
        noBanner: true,
      });
      if (!result.isSuccess) {
        setFailure(result.errors[0] ?? UNEXPECTED_SERVER_ERROR);
        return;
      }
      const { membership, outcome } = result.value;
      refresh();
      if (valid.approveBy === 'LINK') {
        notify({
          intent: 'success',
          title: MEMBERSHIP_MESSAGES.notifiedTitle,
          message: MEMBERSHIP_MESSAGES.notified,
        });
      } else if (outcome && !outcome.isApproved) {
        notify({
          intent: 'warning',
          title: MEMBERSHIP_MESSAGES.transactionDeclined,
          message: `The membership was created, but its first payment was declined${outcome.reason ? ` (${outcome.reason})` : ''}. It is past due.`,
        });
      } else {
        notify({
          intent: 'success',
          title: 'Membership Created',
          message: outcome?.transactionId
            ? `The membership for ${customer.firstName} ${customer.lastName} has been created. ${MEMBERSHIP_MESSAGES.transactionApproved}: ${outcome.transactionId}.`
            : `The membership for ${customer.firstName} ${customer.lastName} has been created.`,
        });
      }
      onCreated?.(membership);
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 400 && caught.envelope) {
        const { fields, other } = serverEnrollErrors(caught.envelope.errors);
        for (const [field, message] of Object.entries(fields)) {
          setError(field as FieldPath<NewMembershipValues>, { type: 'server', message });
        }
        setFailure(other.length > 0 ? other.join('\n') : null);
        return;
      }
      setFailure(caught instanceof Error && caught.message ? caught.message : UNEXPECTED_SERVER_ERROR);
    }
  });

  return (
    <DialogForm
      title={`New Membership for ${customer.firstName} ${customer.lastName}`}
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={values.approveBy === 'LINK' ? 'Send Enrollment Link' : 'Create Membership'}
      submitting={formState.isSubmitting}
      canSubmit={catalogue !== undefined}
      contentClassName={styles.form}
      error={<FormError message={failure} />}
    >
      <div className={styles.row}>
        <Controller
          name="cycle"
          control={control}
          render={({ field }) => (
            <Field label="Billing cycle" required>
              <RadioGroup
                layout="horizontal"
                name={field.name}
                value={field.value}
                onChange={(_e, d) => field.onChange(d.value)}
              >
                <Radio value="MONTHLY" label={CYCLE_LABELS.MONTHLY} />
                <Radio value="YEARLY" label={CYCLE_LABELS.YEARLY} />
              </RadioGroup>
            </Field>
          )}
        />
        <InputField
          control={control}
          name="startDate"
          label="Start date"
          required
          type="date"
          min={startMin(today)}
          hint="The first payment is taken on this day."
        />
      </div>

      <div className={styles.group} role="group" aria-label="Enrollees">
        <h3 className={styles.groupTitle}>Enrollees</h3>
        {catalogue ? null : catalogueFailed ? (
          <FormError message="The membership plans could not be loaded." />
        ) : (
          <Spinner size="tiny" labelPosition="after" label="Loading the membership plans…" />
        )}
        {lines.fields.map((line, index) => {
          const lineErrors = errors.enrollees?.[index];
          const total = lineTotal(values.enrollees[index] ?? line, plans, values.cycle);
          return (
            <div key={line.id} className={styles.line}>
              <Controller
                name={`enrollees.${index}.customerId`}
                control={control}
                render={({ field }) => (
                  <Field label={index === 0 ? 'Enrollee' : undefined}>
                    <Select
                      aria-label={`Enrollee ${index + 1}`}
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
                render={({ field }) => (
                  <Field
                    label={index === 0 ? 'Plan' : undefined}
                    {...error(lineErrors?.membershipPlanId?.message)}
                  >
                    <Select
                      ref={field.ref}
                      aria-label={`Plan for enrollee ${index + 1}`}
                      value={field.value}
                      onChange={(_e, d) => field.onChange(d.value)}
                    >
                      <option value="">Choose a plan</option>
                      {offered.map((p) => (
                        <option key={p.id} value={p.id}>
                          {`${p.label} · ${formatCurrency(priceIn(p, values.cycle) ?? 0)}`}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
              />
              <InputField
                control={control}
                name={`enrollees.${index}.qty`}
                label={index === 0 ? 'Qty' : undefined}
                aria-label={`Quantity for enrollee ${index + 1}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={20}
              />
              <Field label={index === 0 ? 'Per cycle' : undefined}>
                <Text className={styles.lineTotal} aria-label={`Amount for enrollee ${index + 1}`}>
                  {total === null ? '—' : formatCurrency(total)}
                </Text>
              </Field>
              {/* A no-break space: a blank label as tall as the others keeps the button level with the boxes. */}
              <Field label={index === 0 ? '\u00a0' : undefined}>
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={`Remove enrollee ${index + 1}`}
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
              onClick={() => lines.append({ customerId: customer.id, membershipPlanId: '', qty: '1' })}
            >
              Add Enrollee
            </Button>
          </div>
          <AddFamilyMember
            onAdd={(person) => {
              setPeople((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
              const empty = values.enrollees.findIndex(
                (l) => l.customerId === customer.id && l.membershipPlanId === '',
              );
              if (empty > 0) setValue(`enrollees.${empty}.customerId`, person.id);
              else lines.append({ customerId: person.id, membershipPlanId: '', qty: '1' });
            }}
          />
        </div>
        <Text size={200} className={styles.hint}>
          Family members share {customer.firstName}'s guarantor; {customer.firstName} pays for everyone.
        </Text>
        <div className={styles.total} aria-label="Cycle amount">
          <span>{`${CYCLE_LABELS[values.cycle]} amount`}</span>
          <span>{formatCurrency(cycleTotal(values, plans))}</span>
        </div>
      </div>

      <div className={styles.group}>
        <Controller
          name="approveBy"
          control={control}
          render={({ field }) => (
            <Field label="The patient approves" required>
              <RadioGroup
                layout="horizontal"
                name={field.name}
                value={field.value}
                onChange={(_e, d) => field.onChange(d.value)}
              >
                <Radio value="NOW" label="Now, at the desk" />
                <Radio value="LINK" label="By link (text and/or e-mail)" />
              </RadioGroup>
            </Field>
          )}
        />
        {values.approveBy === 'NOW' ? (
          <>
            <CardOnFile
              CardSelector={StoredCardSelector}
              customerId={customer.id}
              error={errors.customerSavedCardId?.message}
              onCard={onCard}
            />
            <Controller
              name="approvalMethod"
              control={control}
              render={({ field }) => (
                <Field label="Patient approved by" required {...error(errors.approvalMethod?.message)}>
                  <RadioGroup
                    layout="horizontal"
                    name={field.name}
                    value={field.value}
                    onChange={(_e, d) => field.onChange(d.value)}
                  >
                    <Radio value="SIGNATURE" label="Signature" />
                    <Radio value="CHECKBOX" label="Checkbox" />
                  </RadioGroup>
                </Field>
              )}
            />
            {values.approvalMethod === 'SIGNATURE' ? (
              <Controller
                name="signature"
                control={control}
                render={({ field }) => (
                  <Field
                    label="Signature"
                    hint="The patient types their full name to sign the membership agreement."
                    required
                    {...error(errors.signature?.message)}
                  >
                    <Input
                      ref={field.ref}
                      name={field.name}
                      maxLength={200}
                      autoComplete="off"
                      value={field.value}
                      onChange={(_e, d) => field.onChange(d.value)}
                      onBlur={field.onBlur}
                    />
                  </Field>
                )}
              />
            ) : null}
            {values.approvalMethod === 'CHECKBOX' ? (
              <Controller
                name="approved"
                control={control}
                render={({ field }) => (
                  <Field {...error(errors.approved?.message)}>
                    <Checkbox
                      checked={field.value}
                      onChange={(_e, d) => field.onChange(d.checked === true)}
                      label={`${customer.firstName} agrees to be billed ${formatCurrency(cycleTotal(values, plans))} ${values.cycle === 'MONTHLY' ? 'each month' : 'each year'} on the card on file until the membership is canceled.`}
                    />
                  </Field>
                )}
              />
            ) : null}
          </>
        ) : (
          <>
            <Text size={200} className={styles.hint}>
              {customer.firstName} is sent a link to see the plans and prices, add a card and sign. The
              membership awaits the patient until then.
            </Text>
            <ChannelFields control={control} sideBySide />
          </>
        )}
      </div>
    </DialogForm>
  );
}

export function NewMembershipDialog(props: NewMembershipDialogProps) {
  const styles = useStyles();
  const { data: plans, error } = usePlanCatalogue(props.open);
  // The form is there from the first frame, its title naming the dialog (aria-labelledby), while the
  // catalogue loads: the dialog's focus lands on its first field. A dialog opened on a spinner alone
  // focuses its surface, which Fluent's modalizer (tabster) then leaves aria-hidden, nameless and
  // empty to a screen reader until something inside is focused.
  return (
    <FormDialog open={props.open} onClose={props.onClose} className={styles.surface}>
      {props.open && (
        <NewMembershipForm
          customer={props.customer}
          catalogue={plans}
          catalogueFailed={plans === undefined && error !== undefined}
          onClose={props.onClose}
          onCreated={props.onCreated}
        />
      )}
    </FormDialog>
  );
}
