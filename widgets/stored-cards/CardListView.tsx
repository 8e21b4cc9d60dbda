/**
 * The cardList view: the patient's cards, the default first, each with Select, Make Default (the
 * others) and Remove; then Add New Card and the link to send the patient a request instead.
 * Removing asks first ('Remove Card'); a card that pays an active plan or membership stays, and
 * the 'Associated Card' error says why.
 */
import { useId, useState } from 'react';
import { Button, Link, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { AddRegular, CheckmarkCircleFilled, DeleteRegular } from '@fluentui/react-icons';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { useNotify } from '../runtime/useBanners.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { CardSummary } from './CardSummary.js';
import { TEXT } from './texts.js';
import { useCardChanges } from './useStoredCardsData.js';
import { ViewLayout } from './ViewLayout.js';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    ':not(:last-child)': { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  chosen: { backgroundColor: tokens.colorBrandBackground2 },
  summary: { flexGrow: 1 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  selectedMark: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    // As wide as the Select buttons of the other rows, so that the Remove buttons line up.
    minWidth: '64px',
    gap: tokens.spacingHorizontalXXS,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
});

type Busy = { cardId: number; action: 'default' | 'remove' } | null;

export function CardListView(props: {
  customerId: number;
  cards: SavedCard[];
  selectedId: number | null;
  onSelect: (card: SavedCard) => void;
  onRemoved: (card: SavedCard) => void;
  onAdd: () => void;
  onRequest: () => void;
}) {
  const { customerId, cards, selectedId, onSelect, onRemoved, onAdd, onRequest } = props;
  const styles = useStyles();
  const notify = useNotify();
  const { remove, makeCardDefault } = useCardChanges(customerId);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  const confirmRemoval = async () => {
    const card = removing;
    if (!card) return;
    setBusy({ cardId: card.id, action: 'remove' });
    const result = await remove(card);
    setBusy(null);
    setRemoving(null);
    if (result.outcome === 'associated') {
      notify({ intent: 'danger', title: TEXT.associatedCardTitle, message: TEXT.associatedCard });
    } else if (result.outcome === 'removed') {
      notify({ intent: 'success', title: TEXT.deletedTitle, message: TEXT.deleted });
      onRemoved(card);
    }
  };

  const setDefault = async (card: SavedCard) => {
    setBusy({ cardId: card.id, action: 'default' });
    await makeCardDefault(card);
    setBusy(null);
  };

  return (
    <ViewLayout
      start={
        <Link as="button" onClick={onRequest}>
          {TEXT.sendNotification}
        </Link>
      }
      actions={
        <Button appearance="primary" icon={<AddRegular />} onClick={onAdd}>
          {TEXT.addNewCard}
        </Button>
      }
    >
      <ul className={styles.list} aria-label={TEXT.cardsLabel}>
        {cards.map((card) => (
          <CardRow
            key={card.id}
            card={card}
            selected={card.id === selectedId}
            busy={busy?.cardId === card.id ? busy.action : null}
            disabled={busy !== null}
            onSelect={() => onSelect(card)}
            onMakeDefault={() => void setDefault(card)}
            onRemove={() => setRemoving(card)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={TEXT.removeCardTitle}
        message={TEXT.removeCardConfirm}
        confirmLabel={TEXT.remove}
        danger
        busy={busy?.action === 'remove'}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setRemoving(null)}
      />
    </ViewLayout>
  );
}

function CardRow(props: {
  card: SavedCard;
  selected: boolean;
  busy: 'default' | 'remove' | null;
  disabled: boolean;
  onSelect: () => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const { card, selected, busy, disabled } = props;
  const styles = useStyles();
  const summaryId = useId();
  return (
    <li className={mergeClasses(styles.row, selected && styles.chosen)} aria-labelledby={summaryId}>
      <CardSummary id={summaryId} card={card} className={styles.summary} />
      <span className={styles.actions}>
        {/* What only some rows have comes first, so that Select and Remove line up. */}
        {card.isDefault ? null : (
          <Button
            size="small"
            appearance="subtle"
            aria-describedby={summaryId}
            disabled={disabled}
            icon={busy === 'default' ? <Spinner size="extra-tiny" /> : undefined}
            onClick={props.onMakeDefault}
          >
            {TEXT.makeDefault}
          </Button>
        )}
        {/* The selected card says so where the others offer Select: one state per card, never both. */}
        {selected ? (
          <span className={styles.selectedMark}>
            <CheckmarkCircleFilled aria-hidden />
            {TEXT.selected}
          </span>
        ) : (
          <Button size="small" aria-describedby={summaryId} disabled={disabled} onClick={props.onSelect}>
            {TEXT.select}
          </Button>
        )}
        <Button
          size="small"
          appearance="subtle"
          aria-label={TEXT.remove}
          aria-describedby={summaryId}
          title={TEXT.remove}
          disabled={disabled}
          icon={busy === 'remove' ? <Spinner size="extra-tiny" /> : <DeleteRegular />}
          onClick={props.onRemove}
        />
      </span>
    </li>
  );
}
