/**
 * Settings › Surcharging: whether credit-card payments carry a surcharge, its rate (at most the card
 * networks' 3 %) and the state the practice is in, whose law may forbid the surcharge or cap it
 * (embed-sdk/rules/surchargeLaw.ts). It says what the chosen state's law does, and previews what a
 * $100.00 credit and a $100.00 debit payment cost the patient by the rule every payment is charged
 * by (cardSurcharge). Debit and prepaid cards are never surcharged. The switch and the rate are the
 * admin area's gateway fields (components/surcharge.tsx), checked the same way.
 */
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { SurchargeSettings } from '../../../embed-sdk/contract/settings.js';
import { formatCurrency, formatRate } from '../../../embed-sdk/format/index.js';
import { cardSurcharge } from '../../../embed-sdk/rules/cardSurcharge.js';
import { hasSurchargeInEffect, MAX_SURCHARGE_BPS } from '../../../embed-sdk/rules/surcharge.js';
import {
  isUsState,
  surchargeLawOf,
  SURCHARGE_LAW,
  US_STATES,
  type UsState,
} from '../../../embed-sdk/rules/surchargeLaw.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { placeErrors, type FormBox } from '../../admin/adminForm.js';
import {
  percentToBps,
  SurchargeFields,
  surchargeRateToSend,
  type SurchargeValues,
} from '../../components/surcharge.js';
import { useSession } from '../../session/SessionContext.js';
import { Panel } from '../Panel.js';
import { useSurcharging } from './useSurcharging.js';

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '520px' },
  state: { maxWidth: '280px' },
  preview: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    justifyContent: 'start',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  amount: { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  note: { display: 'block', marginTop: tokens.spacingVerticalS, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

/** The preview's payment: $100.00. */
const PREVIEW_AMOUNT = 10_000;

interface Values extends SurchargeValues {
  /** A two-letter code, or '' until one is chosen. */
  state: string;
}

function valuesOf(s: SurchargeSettings): Values {
  return {
    hasSurcharging: s.hasSurcharging,
    surchargeRate: (s.surchargeRateBps / 100).toFixed(2),
    state: s.state ?? '',
  };
}

const BOXES: Record<string, FormBox<keyof Values>> = {
  surchargeRateBps: { field: 'surchargeRate', label: 'Surcharge rate' },
  state: { field: 'state', label: 'State' },
};

/** What the chosen state's law does to a credit-card payment, with the rate the form would charge. */
function lawText(state: UsState, chargedBps: number, surcharging: boolean): string {
  const { name, law } = SURCHARGE_LAW[state];
  const charged = surcharging
    ? `Credit-card payments carry ${formatRate(chargedBps)}.`
    : 'Surcharging is off, so no payment carries a surcharge.';
  switch (law.kind) {
    case 'FORBIDDEN':
      return `${name} law forbids a surcharge on card payments: no surcharge is added, whatever the rate.`;
    case 'CAPPED':
      return `${name} law caps a surcharge at ${formatRate(law.capBps)}. ${charged}`;
    case 'COST':
      return `${name} law caps a surcharge at what accepting the card costs you: set a rate no higher than your cost. ${charged}`;
    case 'ALLOWED':
      return `${name} law does not limit a surcharge; card networks cap it at ${formatRate(MAX_SURCHARGE_BPS)}. ${charged}`;
  }
}

function SurchargingForm({ settings }: { settings: SurchargeSettings }) {
  const styles = useStyles();
  const notify = useNotify();
  const { update } = useSession();
  const { save } = useSurcharging();
  const form = useForm<Values>({ defaultValues: valuesOf(settings) });
  const { control, formState, setError, reset } = form;
  const [surcharging, rateText, stateCode] = useWatch({
    control,
    name: ['hasSurcharging', 'surchargeRate', 'state'],
  });
  const rate = surcharging ? percentToBps(rateText) : 0;
  const state = isUsState(stateCode) ? stateCode : null;
  const practice =
    rate !== null && rate <= MAX_SURCHARGE_BPS
      ? { hasSurcharging: surcharging, surchargeRateBps: rate, state }
      : null;
  const credit = practice && cardSurcharge(PREVIEW_AMOUNT, practice, 'CREDIT');
  const debit = practice && cardSurcharge(PREVIEW_AMOUNT, practice, 'DEBIT');

  useEffect(() => reset(valuesOf(settings)), [settings, reset]);

  const submit = form.handleSubmit(async (values) => {
    const bps = surchargeRateToSend(values, settings.surchargeRateBps, setError);
    if (!isUsState(values.state)) {
      setError('state', { type: 'manual', message: 'Choose the state the practice is in.' });
      return;
    }
    if (bps === null) return;
    try {
      const saved = await save({
        hasSurcharging: values.hasSurcharging,
        surchargeRateBps: bps,
        state: values.state,
      });
      update({ hasSurcharging: hasSurchargeInEffect(saved) });
      notify({ intent: 'success', title: 'Saved', message: 'The next payment follows the new surcharge.' });
    } catch (error) {
      const placed = placeErrors(error, (path) => BOXES[path]);
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof Values, { type: 'server', message: message as string });
      }
      if (placed.other) setError('root', { type: 'server', message: placed.other });
    }
  });

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <SurchargeFields control={control} />
      <Controller
        control={control}
        name="state"
        render={({ field, fieldState }) => (
          <Field
            className={styles.state}
            label="State the practice is in"
            required
            hint="Its law decides whether and how much a card payment may be surcharged."
            validationState={fieldState.error ? 'error' : 'none'}
            validationMessage={fieldState.error?.message}
          >
            <Select value={field.value} onChange={(_e, d) => field.onChange(d.value)} onBlur={field.onBlur}>
              <option value="" disabled>
                Choose a state
              </option>
              {US_STATES.map((code) => (
                <option key={code} value={code}>
                  {SURCHARGE_LAW[code].name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      />
      {state && credit && (
        <MessageBar
          intent={surchargeLawOf(state).kind === 'FORBIDDEN' ? 'warning' : 'info'}
          layout="multiline"
          aria-label="What the law allows"
        >
          <MessageBarBody>{lawText(state, credit.rateBps, surcharging)}</MessageBarBody>
        </MessageBar>
      )}
      <section aria-label="What the patient pays">
        <Text weight="semibold" block>
          What the patient pays
        </Text>
        {credit && debit ? (
          <dl className={styles.preview}>
            <dt>{`A ${formatCurrency(PREVIEW_AMOUNT)} credit card payment`}</dt>
            <dd className={styles.amount}>{formatCurrency(credit.total)}</dd>
            <dt>{`A ${formatCurrency(PREVIEW_AMOUNT)} debit card payment`}</dt>
            <dd className={styles.amount}>{formatCurrency(debit.total)}</dd>
          </dl>
        ) : (
          <Text block>Enter a rate from 0 to {MAX_SURCHARGE_BPS / 100} % to see what patients pay.</Text>
        )}
        <Text size={200} className={styles.note}>
          Debit and prepaid cards are never surcharged. Patients see the surcharge once their card is known to
          be a credit card.
        </Text>
      </section>
      <FormError message={formState.errors.root?.message ?? null} />
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabled={formState.isSubmitting}
          icon={formState.isSubmitting ? <Spinner size="extra-tiny" /> : undefined}
        >
          Save surcharging
        </Button>
      </div>
    </form>
  );
}

export function SurchargingPanel() {
  const styles = useStyles();
  const { settings } = useSurcharging();
  return (
    <Panel title="Surcharging">
      <Text className={styles.intro}>
        A surcharge adds a percentage to payments made with a credit card, to cover what accepting it costs.
        Card networks cap it at {MAX_SURCHARGE_BPS / 100} %, and some states forbid it or cap it lower.
      </Text>
      <ListState
        failed={!!settings.error}
        loading={!settings.data && !settings.error}
        failedText="The surcharge settings could not be loaded."
        loadingText="Loading the surcharge settings…"
        size="small"
      >
        {settings.data && <SurchargingForm settings={settings.data} />}
      </ListState>
    </Panel>
  );
}
