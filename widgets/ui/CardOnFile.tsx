/**
 * The card on file a new plan or membership is billed to: the card selector the dialog was given (the stored cards' form
 * selector, mode 1), which lists the patient's cards and adds one through the card provider's frame.
 * It selects the default card by itself and says so only when the choice changes, so the card the
 * form sends is worked out here from the same cards (one SWR entry) by the same rule.
 */
import { Field, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CardSelectedDetail } from '../../embed-sdk/events.js';
import { orderCards, selectedCard, useSavedCards, type CardSelector } from './savedCards.js';

const useStyles = makeStyles({ error: { marginTop: tokens.spacingVerticalXS } });

export function CardOnFile(props: {
  CardSelector: CardSelector;
  customerId: number;
  /** The form's card error; the selector shows 'Add a Card' itself when the patient has no card. */
  error?: string | undefined;
  onCard: (customerSavedCardId: number | null) => void;
}) {
  const { CardSelector, customerId, onCard } = props;
  const styles = useStyles();
  const { data } = useSavedCards(customerId);
  const cards = useMemo(() => (data ? orderCards(data) : undefined), [data]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const cardId = cards ? (selectedCard(cards, chosenId)?.id ?? null) : null;

  useEffect(() => onCard(cardId), [cardId, onCard]);
  const selected = useCallback((detail: CardSelectedDetail) => setChosenId(detail.card?.id ?? null), []);

  const selectorSaysSo = cards !== undefined && cards.length === 0;
  return (
    <div>
      <CardSelector customerId={customerId} onCardSelected={selected} />
      {props.error && !selectorSaysSo ? (
        <Field className={styles.error} validationState="error" validationMessage={props.error}>
          {null}
        </Field>
      ) : null}
    </div>
  );
}
