/**
 * The card picker (loaded on demand by the capability that opens it): the patient's cards on file to
 * choose one for a payment plan or a membership (Automate with Card, Change Card), and the product's
 * one Add New Card (AddNewCard.tsx, the stored cards' too). With no card on file it goes straight to
 * adding one. For Make a Payment's Add New Card it only adds one.
 *
 * The cards are read under the stored cards widget's key, so a card added here shows there too.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { AddNewCard } from './AddNewCard.js';
import { CardBrandBadge } from './CardBrandBadge.js';
import { formatExpiry } from './cardBrands.js';
import { ADD_CARD_TEXT } from './cardDialogTexts.js';
import { FormActions } from './FormActions.js';
import { useSavedCards } from './savedCards.js';

const useStyles = makeStyles({
  surface: { maxWidth: '520px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  card: { display: 'inline-flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  number: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  tag: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The card picker's words (Automate with Card, Change Card, Add New Card). */
export const CARD_TEXT = {
  automateTitle: 'Automate with Card',
  changeTitle: 'Change Card',
  addTitle: ADD_CARD_TEXT.title,
  cards: 'Cards on file',
  defaultCard: 'Default',
  current: 'Current card',
  addNewCard: ADD_CARD_TEXT.title,
  useCard: 'Use This Card',
  automate: 'Automate with Card',
  cancel: ADD_CARD_TEXT.cancel,
  loadingCards: 'Loading cards…',
  cardsFailed: 'The stored cards could not be loaded.',
  tryAgain: 'Try again',
} as const;

export type CardPickerPurpose = 'automate' | 'change' | 'add';

export interface CardPickerDialogProps {
  open: boolean;
  purpose: CardPickerPurpose;
  customerId: number;
  /** The plan's or membership's card, marked and chosen at first. */
  currentCardId: number | null;
  /** What choosing a card does, under the list (e.g. 'The plan’s next payments will be charged to this card.'). */
  hint?: string;
  onClose: () => void;
  /** The card chosen (for 'add': the card stored). True when done: the dialog closes. */
  onChosen: (card: SavedCard) => boolean | Promise<boolean>;
}

function CardLine({ card, current }: { card: SavedCard; current: boolean }) {
  const styles = useStyles();
  return (
    <span className={styles.card}>
      <CardBrandBadge cardType={card.cardType} size="small" />
      <span className={styles.number}>{card.description}</span>
      <span className={styles.muted}>{formatExpiry(card.expMonth, card.expYear)}</span>
      {card.isDefault && <span className={styles.tag}>{CARD_TEXT.defaultCard}</span>}
      {current && <span className={styles.tag}>{CARD_TEXT.current}</span>}
    </span>
  );
}

function PickerContent(props: Omit<CardPickerDialogProps, 'open'>) {
  const { purpose, customerId, currentCardId, hint, onClose, onChosen } = props;
  const styles = useStyles();
  const cards = useSavedCards(customerId);
  const list = cards.data ?? [];
  const [adding, setAdding] = useState(purpose === 'add');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const current = list.find((c) => c.id === currentCardId);
  const selectedId = chosenId ?? current?.id ?? list.find((c) => c.isDefault)?.id ?? list[0]?.id ?? null;
  const selected = list.find((c) => c.id === selectedId) ?? null;
  const collecting = adding || (cards.data !== undefined && list.length === 0);
  // Back from adding a card, the button that had the focus is gone: the focus goes to the card
  // chosen, so it stays in the picker (and goes back to whatever opened it when it closes).
  const cardsRef = useRef<HTMLDivElement>(null);
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    if (!returned || collecting) return;
    cardsRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    setReturned(false);
  }, [returned, collecting]);

  const choose = async (card: SavedCard) => {
    setBusy(true);
    const done = await onChosen(card);
    setBusy(false);
    if (done) onClose();
  };

  const title = purpose === 'automate' ? CARD_TEXT.automateTitle : CARD_TEXT.changeTitle;

  return (
    <DialogBody>
      {collecting ? (
        <AddNewCard
          customerId={customerId}
          hasCards={list.length > 0}
          onBack={purpose === 'add' || list.length === 0 ? undefined : () => setAdding(false)}
          onClose={onClose}
          onSaved={(card) => {
            if (purpose === 'add') {
              void choose(card);
              return;
            }
            setChosenId(card.id);
            setAdding(false);
            setReturned(true);
          }}
        />
      ) : (
        <>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {cards.data === undefined ? (
              cards.error ? (
                <div role="alert" className={styles.error}>
                  {CARD_TEXT.cardsFailed}{' '}
                  <Button size="small" onClick={() => void cards.mutate()}>
                    {CARD_TEXT.tryAgain}
                  </Button>
                </div>
              ) : (
                <Spinner size="tiny" label={CARD_TEXT.loadingCards} />
              )
            ) : (
              <RadioGroup
                ref={cardsRef}
                aria-label={CARD_TEXT.cards}
                value={selectedId === null ? '' : String(selectedId)}
                onChange={(_e, data) => setChosenId(Number(data.value))}
              >
                {list.map((card) => (
                  <Radio
                    key={card.id}
                    value={String(card.id)}
                    label={<CardLine card={card} current={card.id === currentCardId} />}
                  />
                ))}
              </RadioGroup>
            )}
            {hint && <Text className={styles.muted}>{hint}</Text>}
          </DialogContent>
          <DialogActions position="start">
            <Button appearance="subtle" disabled={busy} onClick={() => setAdding(true)}>
              {CARD_TEXT.addNewCard}
            </Button>
          </DialogActions>
          <DialogActions position="end">
            <FormActions
              cancelLabel={CARD_TEXT.cancel}
              onCancel={onClose}
              submitLabel={purpose === 'automate' ? CARD_TEXT.automate : CARD_TEXT.useCard}
              submitting={busy}
              canSubmit={selected !== null && !(purpose === 'change' && selected.id === currentCardId)}
              onSubmit={() => selected && void choose(selected)}
            />
          </DialogActions>
        </>
      )}
    </DialogBody>
  );
}

export function CardPickerDialog(props: CardPickerDialogProps) {
  const styles = useStyles();
  const { open, onClose } = props;
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <PickerContent {...props} />
      </DialogSurface>
    </Dialog>
  );
}
