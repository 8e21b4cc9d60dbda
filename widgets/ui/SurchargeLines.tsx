/**
 * What a card payment is charged, before the click: the surcharge and the total for paying `amount`
 * cents with a card on file, as the server works them out (ui/useSurcharge.ts). Every dialog that
 * charges a card on file shows these lines (Payment Plan Payment, Make Payment For), so the total a
 * person sees is the total the card is charged. Nothing shows until the lookup answers for the
 * current card and amount; a failed lookup says so.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { useSurcharge } from './useSurcharge.js';

export const SURCHARGE_TEXT = {
  surcharge: 'Surcharge',
  total: 'Total',
  surchargeFailed: 'The surcharge could not be looked up.',
} as const;

const useStyles = makeStyles({
  charge: {
    alignSelf: 'stretch',
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    rowGap: '2px',
    columnGap: '24px',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    fontVariantNumeric: 'tabular-nums',
  },
  chargeTotal: { fontWeight: tokens.fontWeightSemibold },
  failed: { color: tokens.colorNeutralForeground3 },
});

export function SurchargeLines({ cardId, amount }: { cardId: number | null; amount: number | null }) {
  const styles = useStyles();
  const { result, failed } = useSurcharge(cardId, amount);
  if (failed) return <Text className={styles.failed}>{SURCHARGE_TEXT.surchargeFailed}</Text>;
  if (!result) return null;
  return (
    <div className={styles.charge} role="status" aria-label={SURCHARGE_TEXT.surcharge}>
      <span>{SURCHARGE_TEXT.surcharge}</span>
      <span>{formatCurrency(result.surchargeAmount)}</span>
      <span className={styles.chargeTotal}>{SURCHARGE_TEXT.total}</span>
      <span className={styles.chargeTotal}>{formatCurrency(result.total)}</span>
    </div>
  );
}
