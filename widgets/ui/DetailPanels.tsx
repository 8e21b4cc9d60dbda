/**
 * The row of panels at the top of a detail modal (the payment plan's, the membership's): each a
 * labelled figure with its detail lines and, at its foot, the actions the person may take; and the
 * card on file panel both modals show the same way.
 */
import { Button, Caption1, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { CardBrandBadge } from './CardBrandBadge.js';
import { formatExpiry } from './cardBrands.js';

export const PANEL_TEXT = {
  cardOnFile: 'Card on File',
  expires: (expiry: string) => `Expires ${expiry}`,
  cardRemoved: 'This card has been removed from the patient’s cards.',
  changeCard: 'Change Card',
} as const;

const useStyles = makeStyles({
  grid: { display: 'grid', gap: '12px' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  // Two of the grid's columns where there are two or more (a panel of several lines and actions).
  wide: { '@media (min-width: 600px)': { gridColumn: 'span 2' } },
  label: { color: tokens.colorNeutralForeground3 },
  detail: { color: tokens.colorNeutralForeground2 },
  danger: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  action: {
    marginTop: 'auto',
    paddingTop: '8px',
    display: 'flex',
    gap: '8px',
    flexWrap: 'wrap',
    alignItems: 'center',
  },
  card: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  number: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
});

/** The panels, as many to a row as fit at `minWidth` px each. */
export function PanelGrid({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(auto-fit, minmax(${minWidth}px, 1fr))` }}
    >
      {children}
    </div>
  );
}

export function DetailPanel(props: {
  label: string;
  children: ReactNode;
  action?: ReactNode;
  /** Two columns wide: its lines and buttons side by side rather than a tall, narrow panel. */
  wide?: boolean;
}) {
  const styles = useStyles();
  return (
    <section className={mergeClasses(styles.panel, props.wide && styles.wide)} aria-label={props.label}>
      <Caption1 className={styles.label}>{props.label}</Caption1>
      {props.children}
      {props.action ? <div className={styles.action}>{props.action}</div> : null}
    </section>
  );
}

/** A detail line under a panel's figure; 'danger' for what needs attention (past due, a retry). */
export function PanelLine({ children, tone }: { children: ReactNode; tone?: 'danger' }) {
  const styles = useStyles();
  return (
    <Text size={200} className={mergeClasses(styles.detail, tone === 'danger' && styles.danger)}>
      {children}
    </Text>
  );
}

/** `isActive` is false once the card was removed from the patient's cards (it still pays until changed). */
type PanelCard = Pick<SavedCard, 'cardType' | 'description' | 'expMonth' | 'expYear'> & { isActive: boolean };

/** Change Card at the panel's foot, for those who may change it; the card picker loads on approach. */
export interface ChangeCardAction {
  disabled: boolean;
  onPreload: () => void;
  onClick: () => void;
}

/** The card on file: its brand, number and expiry, or what pays instead (`noCard`). */
export function CardOnFilePanel(props: {
  card: PanelCard | null;
  noCard: string;
  changeCard: ChangeCardAction | null;
}) {
  const { card, changeCard } = props;
  const styles = useStyles();
  const action = changeCard ? (
    <Button
      size="small"
      disabled={changeCard.disabled}
      onPointerEnter={changeCard.onPreload}
      onFocus={changeCard.onPreload}
      onClick={changeCard.onClick}
    >
      {PANEL_TEXT.changeCard}
    </Button>
  ) : null;
  return (
    <DetailPanel label={PANEL_TEXT.cardOnFile} action={action}>
      {card ? (
        <>
          <span className={styles.card}>
            <CardBrandBadge cardType={card.cardType} size="small" />
            <span className={styles.number}>{card.description}</span>
          </span>
          <PanelLine>{PANEL_TEXT.expires(formatExpiry(card.expMonth, card.expYear))}</PanelLine>
          {!card.isActive && <PanelLine tone="danger">{PANEL_TEXT.cardRemoved}</PanelLine>}
        </>
      ) : (
        <PanelLine>{props.noCard}</PanelLine>
      )}
    </DetailPanel>
  );
}
