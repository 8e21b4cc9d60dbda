/**
 * New Membership, from the patient page: the cycle and the start date, the enrollees (the patient
 * and family members, each with a plan of the catalogue and a quantity), then how the patient
 * approves: now (the card on file, and a signature or the checkbox; the server records the method,
 * IP address and time) or by link (a text and/or e-mail; the membership awaits the patient until
 * they complete the enrolment page). A bad field is named and nothing is sent. Made, the membership
 * is handed back so the page can refresh its lists and open it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { CustomerMembershipBilling, MembershipPlan } from '../../../embed-sdk/contract/membership.js';
import type { Customer } from '../../../embed-sdk/contract/patient.js';
import { formatIsoDay } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useNotify } from '../../runtime/useBanners.js';
import { channelPrefill } from '../../ui/channels.js';
import { DialogForm, FormDialog } from '../../ui/FormDialog.js';
import { FormError } from '../../ui/FormError.js';
import type { CardSelector } from '../../ui/savedCards.js';
import { NEW_MEMBERSHIP_TEXT as T } from '../texts.js';
import { usePlanCatalogue } from '../usePlanCatalogue.js';
import { EnrolleeLines } from './EnrolleeLines.js';
import { MembershipApproval } from './MembershipApproval.js';
import { MembershipTerms } from './MembershipTerms.js';
import {
  cycleTotal,
  emptyMembership,
  enrollBody,
  newMembershipSchema,
  type NewMembershipValues,
} from './newMembership.js';
import { useDeskAgreement, useEnroll } from './useNewMembership.js';
import { useNewMembershipStyles } from './useNewMembershipStyles.styles.js';

export interface NewMembershipDialogProps {
  open: boolean;
  /** The holder: the patient who pays. */
  customer: Customer;
  onClose: () => void;
  /** The membership was made (the dialog closes itself). */
  onCreated?: (membership: CustomerMembershipBilling) => void;
  /** The card on file's selector: the page that places the dialog gives the stored cards' one. */
  CardSelector: CardSelector;
}

/** No catalogue yet: the form paints at once and offers its plans when they arrive. */
const NO_PLANS: MembershipPlan[] = [];

function NewMembershipForm({
  customer,
  catalogue,
  catalogueFailed,
  onClose,
  onCreated,
  CardSelector,
}: Omit<NewMembershipDialogProps, 'open'> & {
  /** Undefined while the catalogue loads. */
  catalogue: MembershipPlan[] | undefined;
  catalogueFailed: boolean;
}) {
  const styles = useNewMembershipStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const enrollMembership = useEnroll();
  // Today by the server's clock (a sandbox's may be ahead of the browser's).
  const [today] = useState(() => formatIsoDay(sdk.now()));
  const plans = catalogue ?? NO_PLANS;
  const resolver = useMemo(() => zodResolver(newMembershipSchema(plans, today)), [plans, today]);
  const form = useForm<NewMembershipValues>({
    resolver,
    defaultValues: emptyMembership(customer.id, today, channelPrefill(customer)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState, setValue, setError } = form;
  const approveBy = useWatch({ control, name: 'approveBy' });
  const watched = useWatch({ control }) as NewMembershipValues;
  const agreement = useDeskAgreement(customer, {
    cycle: watched.cycle,
    amount: cycleTotal(watched, plans),
    customerSavedCardId: watched.customerSavedCardId,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const revalidate = formState.isSubmitted;
  const onCard = useCallback(
    (id: number | null) => setValue('customerSavedCardId', id, { shouldValidate: revalidate }),
    [setValue, revalidate],
  );
  const name = `${customer.firstName} ${customer.lastName}`;

  const submit = form.handleSubmit(async (valid) => {
    setFailure(null);
    // At the desk the patient agrees to a text that says what is charged: none yet, nothing is sent.
    if (valid.approveBy === 'NOW' && agreement.state !== 'known') {
      setFailure(agreement.state === 'failed' ? T.agreementFailed : T.agreementPending);
      return;
    }
    const shown = valid.approveBy === 'NOW' && agreement.state === 'known' ? agreement.text : null;
    const result = await enrollMembership(enrollBody(customer.id, valid, shown));
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.fields)) {
        setError(field as FieldPath<NewMembershipValues>, { type: 'server', message });
      }
      setFailure(result.message);
      return;
    }
    const { membership, outcome } = result.enrolled;
    if (valid.approveBy === 'LINK') {
      notify({ intent: 'success', title: T.notifiedTitle, message: T.notified });
    } else if (outcome && !outcome.isApproved) {
      notify({ intent: 'warning', title: T.declinedTitle, message: T.declined(outcome.reason) });
    } else {
      notify({
        intent: 'success',
        title: T.createdTitle,
        message: T.created(name, outcome?.transactionId || null),
      });
    }
    onCreated?.(membership);
    onClose();
  });

  return (
    <DialogForm
      title={T.titleFor(name)}
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={approveBy === 'LINK' ? T.sendLink : T.create}
      submitting={formState.isSubmitting}
      canSubmit={catalogue !== undefined}
      contentClassName={styles.form}
      error={<FormError message={failure} />}
    >
      <MembershipTerms control={control} today={today} />
      <EnrolleeLines
        control={control}
        setValue={setValue}
        holder={customer}
        catalogue={catalogue}
        catalogueFailed={catalogueFailed}
      />
      <MembershipApproval
        control={control}
        setValue={setValue}
        holder={customer}
        agreement={agreement}
        CardSelector={CardSelector}
        cardError={formState.errors.customerSavedCardId?.message}
        onCard={onCard}
      />
    </DialogForm>
  );
}

export function NewMembershipDialog(props: NewMembershipDialogProps) {
  const styles = useNewMembershipStyles();
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
          CardSelector={props.CardSelector}
        />
      )}
    </FormDialog>
  );
}
