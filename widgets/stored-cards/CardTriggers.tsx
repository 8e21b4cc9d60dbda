/**
 * The widget on the page, one per mode; each opens the dialog.
 * 1: a form field that requires a card (its button shows the selected card);
 * 2: the selected card, read-only, with Change Card;
 * 3: a Stored Cards button.
 */
import { useId } from 'react';
import { Button, Field, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { AddRegular, ChevronDownRegular, WalletCreditCardRegular } from '@fluentui/react-icons';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { CardSummary } from './CardSummary.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  field: { maxWidth: '420px' },
  fieldColumn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  addCard: { alignSelf: 'flex-start' },
  selector: {
    width: '100%',
    justifyContent: 'space-between',
    fontWeight: tokens.fontWeightRegular,
    minHeight: '40px',
  },
  placeholder: { color: tokens.colorNeutralForeground3 },
  display: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    minHeight: '32px',
  },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

interface TriggerProps {
  cards: SavedCard[] | undefined;
  failed: boolean;
  selected: SavedCard | null;
  onOpen: () => void;
  onRetry: () => void;
}

/** What a trigger says about the selected card: the card, or why there is none (yet). */
function SelectedCard({ cards, failed, selected, onRetry }: Omit<TriggerProps, 'onOpen'>) {
  const styles = useStyles();
  if (selected) return <CardSummary card={selected} />;
  if (failed) {
    return (
      <span className={styles.failed} role="alert">
        {TEXT.cardsFailed}{' '}
        <Button appearance="transparent" size="small" onClick={onRetry}>
          {TEXT.tryAgain}
        </Button>
      </span>
    );
  }
  if (cards === undefined) return <Spinner size="extra-tiny" label={TEXT.loadingCards} />;
  return <span className={styles.placeholder}>{TEXT.noCard}</span>;
}

/**
 * Mode 1. With no card on file the field is in error, says so in a sentence, and offers 'Add a Card'
 * (the spec's word for the missing card) as a button: the dialog opens on collecting a card.
 */
export function CardField({ missingCard, ...props }: TriggerProps & { missingCard: boolean }) {
  const styles = useStyles();
  const contentId = useId();
  return (
    <div className={styles.fieldColumn}>
      <Field
        className={styles.field}
        label={TEXT.cardField}
        required
        validationState={missingCard ? 'error' : 'none'}
        validationMessage={missingCard ? TEXT.cardRequired : undefined}
      >
        {(control) => (
          <Button
            id={control.id}
            appearance="outline"
            className={styles.selector}
            aria-haspopup="dialog"
            aria-labelledby={`${control['aria-labelledby'] ?? ''} ${contentId}`.trim()}
            aria-describedby={control['aria-describedby']}
            icon={<ChevronDownRegular />}
            iconPosition="after"
            onClick={props.onOpen}
          >
            <span id={contentId}>
              {props.selected ? (
                <CardSummary card={props.selected} />
              ) : props.cards === undefined && !props.failed ? (
                TEXT.loadingCards
              ) : (
                <span className={styles.placeholder}>{TEXT.noCard}</span>
              )}
            </span>
          </Button>
        )}
      </Field>
      {missingCard ? (
        <Button
          className={styles.addCard}
          icon={<AddRegular />}
          aria-haspopup="dialog"
          onClick={props.onOpen}
        >
          {TEXT.addACard}
        </Button>
      ) : null}
    </div>
  );
}

export function CardDisplay(props: TriggerProps) {
  const styles = useStyles();
  return (
    <div className={styles.display}>
      <SelectedCard {...props} />
      <Button appearance="secondary" size="small" aria-haspopup="dialog" onClick={props.onOpen}>
        {TEXT.changeCard}
      </Button>
    </div>
  );
}

export function StoredCardsButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button icon={<WalletCreditCardRegular />} aria-haspopup="dialog" onClick={onOpen}>
      {TEXT.storedCards}
    </Button>
  );
}
