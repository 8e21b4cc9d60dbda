/** The stored cards' markup, from their state: the mode's trigger and the (lazily loaded) dialog. */
import { LazyStoredCardsDialog } from './LazyStoredCardsDialog.js';
import { CardDisplay, CardField, StoredCardsButton } from './CardTriggers.js';
import type { StoredCardsState } from './useStoredCardsState.js';

export function StoredCardsView({ state: s }: { state: StoredCardsState }) {
  const trigger = {
    cards: s.cards,
    failed: s.cardsFailed,
    selected: s.selected,
    onOpen: s.open,
    onRetry: () => void s.retry(),
  };
  return (
    <div data-mode={s.mode} onPointerEnter={s.engage} onFocus={s.engage}>
      {s.mode === 1 ? (
        <CardField {...trigger} missingCard={s.missingCard} />
      ) : s.mode === 2 ? (
        <CardDisplay {...trigger} />
      ) : (
        <StoredCardsButton onOpen={s.open} />
      )}
      {s.dialogLoaded ? (
        <LazyStoredCardsDialog
          customerId={s.customerId}
          view={s.view}
          cards={s.cards}
          cardsFailed={s.cardsFailed}
          selectedId={s.mode === 3 ? null : (s.selected?.id ?? null)}
          onViewChange={s.changeView}
          onClose={s.close}
          onRetry={() => void s.retry()}
          onSelect={s.select}
          onSaved={s.saved}
          onRemoved={s.removed}
          onRequestSent={s.requestSent}
        />
      ) : null}
    </div>
  );
}
