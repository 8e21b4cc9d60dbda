/**
 * New reimbursement (the insurance payment screen, `#/insurancepayment?showExisting=0&date=…`): the
 * day the carrier paid and the carrier; the carrier's sent claims to choose, with each procedure's
 * Reimbursement, Write Off and Patient Share (from the estimates, editable); where each patient's
 * share is requested; the payment (a check's number, or a virtual card in the card-entry frame) and
 * its amount; the running totals. The rules' messages show at their fields before anything is sent;
 * Save posts it all at once and hands back the reimbursement, whose details the page then shows.
 */
import {
  Field,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Subtitle1,
  Text,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { Claim, InsurancePayment } from '../../../embed-sdk/contract/insurance.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useCardEntry } from '../../ui/card-entry/useCardEntry.js';
import { FormActions } from '../../ui/FormDialog.js';
import { FormError } from '../../ui/FormError.js';
import { InputField, MONEY_INPUT } from '../../ui/formFields.js';
import { useCurrentCompany } from '../../ui/practice.js';
import { FORM_TEXT as T } from '../texts.js';
import { useCarriers, useClaims } from '../useReimbursements.js';
import { ClaimPicker } from './ClaimPicker.js';
import {
  claimsPrefill,
  createBody,
  emptyReimbursement,
  newReimbursementSchema,
  paymentOf,
  runningTotals,
  type NewReimbursementValues,
} from './newReimbursement.js';
import { useCreateReimbursement } from './useCreateReimbursement.js';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground3 },
  heading: { margin: 0 },
  narrow: { width: '200px' },
  carrier: { minWidth: '260px' },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  total: { display: 'flex', flexDirection: 'column', margin: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  figure: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  off: { color: tokens.colorPaletteRedForeground1 },
  frame: { maxWidth: '480px' },
  away: { display: 'none' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

export interface NewReimbursementProps {
  /** The day it starts with (YYYY-MM-DD; the address's `date`). */
  date: string;
  onCancel: () => void;
  /** Saved: the reimbursement as the server recorded it. */
  onSaved: (payment: InsurancePayment) => void;
}

function Totals({ control }: { control: Control<NewReimbursementValues> }) {
  const styles = useStyles();
  const [claims, amount] = useWatch({ control, name: ['claims', 'amount'] });
  const t = runningTotals({ claims: claims ?? [], amount: amount ?? '' });
  const items: [string, number, boolean][] = [
    [T.reimbursed, t.reimbursed, false],
    [T.writtenOff, t.writtenOff, false],
    [T.requested, t.requested, false],
    [T.paymentAmount, t.payment, false],
    [T.difference, t.difference, t.difference !== 0],
  ];
  return (
    <dl className={styles.totals} role="group" aria-label={T.totals}>
      {items.map(([term, cents, off]) => (
        <div key={term} className={styles.total}>
          <dt className={styles.term}>{term}</dt>
          <dd className={mergeClasses(styles.figure, off && styles.off)}>{formatCurrency(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function NewReimbursement({ date, onCancel, onSaved }: NewReimbursementProps) {
  const styles = useStyles();
  const sdk = useSdk();
  const company = useCurrentCompany();
  const carriers = useCarriers();
  const save = useCreateReimbursement();
  // The claims on show, always those the form's `claims` holds (set together when a carrier's arrive).
  const [shown, setShown] = useState<readonly Claim[]>([]);
  const resolver = useMemo(() => zodResolver(newReimbursementSchema(shown)), [shown]);
  const form = useForm<NewReimbursementValues>({
    resolver,
    defaultValues: emptyReimbursement(date),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setValue, formState } = form;
  const [carrierName, fundingSource] = useWatch({ control, name: ['carrierName', 'fundingSource'] });
  const claims = useClaims(carrierName);
  useEffect(() => {
    const list = claims.data?.claims ?? [];
    const prefill = claimsPrefill(list);
    setValue('claims', prefill.claims);
    setValue('requests', prefill.requests);
    setShown(list);
  }, [claims.data, setValue]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = useRef<NewReimbursementValues | null>(null);

  const finish = async (values: NewReimbursementValues, nonce?: string) => {
    setRefusal(null);
    const saved = await save(createBody(values, paymentOf(values, nonce)));
    if (saved.ok) return saved.payment;
    setRefusal(saved.message);
    return null;
  };

  // The card-entry frame (the provider's script and iframe) loads once a card is chosen, not for a
  // check, and then stays: switching back and forth keeps what was typed.
  const [frameWanted, setFrameWanted] = useState(false);
  if (fundingSource === 'CARD' && !frameWanted) setFrameWanted(true);
  const entry = useCardEntry<InsurancePayment>({
    hasCards: false,
    scriptUrl: sdk.config.cardProviderScriptUrl,
    businessId: frameWanted ? company.data?.businessId : undefined,
    applicationId: company.data?.appId,
    practiceFailed: company.error !== undefined && company.data === undefined,
    store: (nonce) => finish(pending.current!, nonce),
    onSaved,
  });

  const submit = handleSubmit(async (values) => {
    if (values.fundingSource === 'CARD') {
      pending.current = values;
      await entry.addCard();
      return;
    }
    const payment = await finish(values);
    if (payment) onSaved(payment);
  });

  const card = fundingSource === 'CARD';
  const claimsError = formState.errors.claims?.message ?? formState.errors.claims?.root?.message;
  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={T.title}>
      <section className={styles.section} aria-label={T.details}>
        <div className={styles.row}>
          <InputField
            control={control}
            name="date"
            label={T.date}
            type="date"
            required
            className={styles.narrow}
          />
          <Controller
            control={control}
            name="carrierName"
            render={({ field, fieldState }) => (
              <Field
                label={T.carrier}
                required
                className={styles.carrier}
                validationState={fieldState.error || carriers.error ? 'error' : 'none'}
                validationMessage={
                  fieldState.error?.message ?? (carriers.error ? T.carriersFailed : undefined)
                }
              >
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(_e, d) => field.onChange(d.value)}
                  onBlur={field.onBlur}
                >
                  <option value="">{T.chooseCarrier}</option>
                  {(carriers.data?.carriers ?? []).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          />
        </div>
      </section>

      {carrierName && (
        <section className={styles.section} aria-label={T.claims}>
          <Subtitle1 as="h2" className={styles.heading}>
            {T.claims}
          </Subtitle1>
          <Text className={styles.muted}>{T.claimsHint}</Text>
          {claims.isLoading ? (
            <Spinner size="small" label={T.claimsLoading} />
          ) : claims.error ? (
            <FormError message={T.claimsFailed} />
          ) : shown.length === 0 ? (
            <Text>{T.noClaims}</Text>
          ) : (
            <ClaimPicker claims={shown} control={control} />
          )}
          {claimsError && (
            <Field validationState="error" validationMessage={claimsError}>
              {null}
            </Field>
          )}
        </section>
      )}

      <section className={styles.section} aria-label={T.payment}>
        <Subtitle1 as="h2" className={styles.heading}>
          {T.payment}
        </Subtitle1>
        <Controller
          control={control}
          name="fundingSource"
          render={({ field }) => (
            <Field label={T.paymentKind}>
              <RadioGroup
                layout="horizontal"
                value={field.value}
                onChange={(_e, d) => field.onChange(d.value)}
              >
                <Radio value="CHECK" label={T.check} />
                <Radio value="CARD" label={T.card} />
              </RadioGroup>
            </Field>
          )}
        />
        <div className={styles.row}>
          {!card && (
            <InputField
              control={control}
              name="checkNumber"
              label={T.checkNumber}
              required
              maxLength={40}
              className={styles.narrow}
            />
          )}
          <InputField
            control={control}
            name="amount"
            label={T.amount}
            required
            {...MONEY_INPUT}
            className={styles.narrow}
          />
        </div>
        {/* The frame mounts with the form (the card provider's frame starts once, where its box is)
            and shows for a virtual card. */}
        <div className={card ? styles.frame : styles.away}>{entry.frame}</div>
        <Totals control={control} />
      </section>

      {refusal && <FormError title={T.refused} message={refusal} />}
      <div className={styles.actions}>
        <FormActions
          cancelLabel={T.cancel}
          onCancel={onCancel}
          submitLabel={formState.isSubmitting || entry.busy ? T.saving : T.save}
          submitting={formState.isSubmitting || entry.busy}
          canSubmit={!card || entry.ready}
        />
      </div>
    </form>
  );
}
