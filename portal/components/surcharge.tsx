/**
 * A practice's credit-card surcharge in the forms that set it (Settings › Surcharging; the admin
 * area's New Dentist and a gateway) and in the admin lists: the switch and the rate typed as a
 * percentage, checked against the cap before it is sent (the server checks it again with the
 * contract's SurchargeRateBps), and the rate as people read it.
 */
import { Controller, useWatch, type Control, type UseFormSetError } from 'react-hook-form';
import { Switch } from '@fluentui/react-components';
import type { GatewayRow } from '../../embed-sdk/contract/admin.js';
import {
  effectiveSurchargeBps,
  MAX_SURCHARGE_BPS,
  surchargeRateFor,
} from '../../embed-sdk/rules/surcharge.js';
import { isUsState, SURCHARGE_LAW } from '../../embed-sdk/rules/surchargeLaw.js';
import { InputField } from '../../widgets/ui/formFields.js';

/** The fields a form with a surcharge has. */
export interface SurchargeValues {
  hasSurcharging: boolean;
  /** A percentage as typed ("2.5"). */
  surchargeRate: string;
}

/** A percentage as typed ("2.5", "3") in basis points, or null when it is not one. */
export function percentToBps(text: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text.trim()) * 100);
}

/**
 * The rate to send, in basis points (`whenOff` while the switch is off), or null once the rate box
 * has been marked: it must be a percentage from 0 to the cap.
 */
export function surchargeRateToSend<T extends SurchargeValues>(
  values: SurchargeValues,
  whenOff: number,
  setError: UseFormSetError<T>,
): number | null {
  const rate = values.hasSurcharging ? percentToBps(values.surchargeRate) : whenOff;
  if (rate !== null && rate <= MAX_SURCHARGE_BPS) return rate;
  // The form's own type has these fields (T extends SurchargeValues); TypeScript cannot see a
  // generic form's field names, so the setter is narrowed to them.
  (setError as unknown as UseFormSetError<SurchargeValues>)('surchargeRate', {
    type: 'manual',
    message: `Surcharge rate must be a percentage from 0 to ${MAX_SURCHARGE_BPS / 100}, such as 2.5.`,
  });
  return null;
}

/** The switch, and the rate's box while it is on. */
export function SurchargeFields<T extends SurchargeValues>({
  control,
  hint,
}: {
  control: Control<T>;
  hint?: string;
}) {
  const own = control as unknown as Control<SurchargeValues>; // as in surchargeRateToSend
  const surcharging = useWatch({ control: own, name: 'hasSurcharging' });
  return (
    <>
      <Controller
        control={own}
        name="hasSurcharging"
        render={({ field }) => (
          <Switch
            checked={field.value}
            onChange={(_e, d) => field.onChange(d.checked)}
            label="Surcharge credit cards"
          />
        )}
      />
      {surcharging ? (
        <InputField
          control={own}
          name="surchargeRate"
          label="Surcharge rate"
          required
          inputMode="decimal"
          contentAfter="%"
          hint={`At most ${MAX_SURCHARGE_BPS / 100} %. Debit cards are never surcharged.${hint ? ` ${hint}` : ''}`}
        />
      ) : null}
    </>
  );
}

/**
 * A surcharge as people read it: "3.00 %", or "Off"; a rate the card networks' cap or the state's
 * law lowers says what is charged and why ("2.00 % (capped in Colorado)", "None (forbidden in
 * Connecticut)"): the rule is surcharge.ts's, as every charge applies it.
 */
export function surchargeText(g: Pick<GatewayRow, 'hasSurcharging' | 'surchargeRateBps' | 'state'>): string {
  if (!g.hasSurcharging) return 'Off';
  const charged = surchargeRateFor(g, 'CREDIT');
  const where = g.state !== null && isUsState(g.state) ? SURCHARGE_LAW[g.state].name : null;
  if (charged === 0 && where) return `None (forbidden in ${where})`;
  const text = `${(charged / 100).toFixed(2)} %`;
  if (charged >= g.surchargeRateBps) return text;
  return charged < effectiveSurchargeBps(g.surchargeRateBps) && where
    ? `${text} (capped in ${where})`
    : `${text} (capped)`;
}
