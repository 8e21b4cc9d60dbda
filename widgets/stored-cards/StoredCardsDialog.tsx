/**
 * The stored-cards dialog (spec: cardList, collectCard, sendCard) in a Fluent modal: focus stays
 * inside, Escape closes it. Which view shows follows dialogView.ts: with no cards, the list gives
 * way to collecting one. The collectCard view is the product's one Add New Card (widgets/ui), which
 * the card picker of plans and memberships shows too; every view's title names the patient.
 */
import { useRef } from 'react';
import { Button, Dialog, DialogBody, DialogSurface, makeStyles, Spinner } from '@fluentui/react-components';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { CardRequestSentDetail } from '../../embed-sdk/events.js';
import { AddNewCard } from '../ui/AddNewCard.js';
import { CardDialogTitle } from '../ui/CardDialogTitle.js';
import { CardListView } from './CardListView.js';
import { DialogBanners, DialogBannersContext, useDialogBanners } from './DialogBanners.js';
import { shownView, type DialogView } from './dialogView.js';
import { SendCardRequestView } from './SendCardRequestView.js';
import { TEXT } from './texts.js';
import { ViewLayout } from './ViewLayout.js';

const useStyles = makeStyles({
  surface: { maxWidth: '520px' },
});

const TITLES: Record<Exclude<DialogView, 'collectCard'> | 'loading', string> = {
  loading: TEXT.storedCards,
  cardList: TEXT.storedCards,
  sendCard: TEXT.cardRequest,
};

export interface StoredCardsDialogProps {
  customerId: number;
  /** The view asked for, or null: closed. */
  view: DialogView | null;
  /** The patient's cards, default first; undefined while they load. */
  cards: SavedCard[] | undefined;
  cardsFailed: boolean;
  /** The selected card, marked in the list (modes 1 and 2); null marks none. */
  selectedId: number | null;
  onViewChange: (view: DialogView) => void;
  onClose: () => void;
  onRetry: () => void;
  onSelect: (card: SavedCard) => void;
  onSaved: (card: SavedCard) => void;
  onRemoved: (card: SavedCard) => void;
  onRequestSent: (detail: Omit<CardRequestSentDetail, 'customerId'>) => void;
}

/**
 * The Dialog stays mounted and is opened and closed through `open`: unmounting an open Fluent
 * dialog skips its modal's clean-up, and the next dialog came up hidden from screen readers.
 */
export function StoredCardsDialog(props: StoredCardsDialogProps) {
  const { view: asked } = props;
  // While it closes (Fluent animates that), the dialog keeps showing its last view.
  const last = useRef<DialogView>('cardList');
  if (asked) last.current = asked;
  const styles = useStyles();
  return (
    <Dialog
      open={asked !== null}
      modalType="modal"
      onOpenChange={(_event, data) => !data.open && props.onClose()}
    >
      <DialogSurface className={styles.surface}>
        {/* Rendered only while the surface is (Fluent mounts it when open). */}
        <DialogContents {...props} view={asked ?? last.current} />
      </DialogSurface>
    </Dialog>
  );
}

function DialogContents(props: StoredCardsDialogProps & { view: DialogView }) {
  const { customerId, cards, cardsFailed, onViewChange, onClose } = props;
  const view = shownView(props.view, cards);
  const banners = useDialogBanners();

  if (view === 'collectCard') {
    const hasCards = (cards?.length ?? 0) > 0;
    return (
      <DialogBannersContext.Provider value={banners}>
        <DialogBody>
          <AddNewCard
            customerId={customerId}
            hasCards={hasCards}
            notices={<DialogBanners />}
            onSaved={props.onSaved}
            onBack={hasCards ? () => onViewChange('cardList') : undefined}
            onClose={onClose}
            onRequest={() => onViewChange('sendCard')}
          />
        </DialogBody>
      </DialogBannersContext.Provider>
    );
  }

  let content;
  if (view === 'loading') {
    content = cardsFailed ? (
      <ViewLayout
        actions={
          <Button appearance="primary" onClick={props.onRetry}>
            {TEXT.tryAgain}
          </Button>
        }
      >
        <span role="alert">{TEXT.cardsFailed}</span>
      </ViewLayout>
    ) : (
      <ViewLayout>
        <Spinner size="small" label={TEXT.loadingCards} />
      </ViewLayout>
    );
  } else if (view === 'cardList') {
    content = (
      <CardListView
        customerId={customerId}
        cards={cards ?? []}
        selectedId={props.selectedId}
        onSelect={props.onSelect}
        onRemoved={props.onRemoved}
        onAdd={() => onViewChange('collectCard')}
        onRequest={() => onViewChange('sendCard')}
      />
    );
  } else {
    content = (
      <SendCardRequestView
        customerId={customerId}
        onSent={props.onRequestSent}
        onBack={() => onViewChange('cardList')}
      />
    );
  }

  return (
    <DialogBannersContext.Provider value={banners}>
      <DialogBody>
        <CardDialogTitle title={TITLES[view]} customerId={customerId} onClose={onClose} />
        {content}
      </DialogBody>
    </DialogBannersContext.Provider>
  );
}
