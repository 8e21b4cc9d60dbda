/** One card in a line: its brand badge, the masked number, the expiry, and whether it is the default. */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { CardBrandBadge } from '../ui/CardBrandBadge.js';
import { formatExpiry } from '../ui/cardBrands.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  number: {
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  expiry: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  tag: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
});

export function CardSummary({
  card,
  id,
  showDefault = true,
  className,
}: {
  card: SavedCard;
  /** For an action that names this card (aria-describedby). */
  id?: string;
  showDefault?: boolean;
  className?: string;
}) {
  const styles = useStyles();
  return (
    <span id={id} className={mergeClasses(styles.root, className)}>
      <CardBrandBadge cardType={card.cardType} />
      <span className={styles.number}>{card.description}</span>
      <span className={styles.expiry}>{TEXT.expires(formatExpiry(card.expMonth, card.expYear))}</span>
      {showDefault && card.isDefault ? <span className={styles.tag}>{TEXT.defaultCard}</span> : null}
    </span>
  );
}
