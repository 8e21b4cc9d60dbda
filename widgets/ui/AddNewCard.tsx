/**
 * Add New Card: the one dialog view in which a card is added to a patient's file, wherever that is
 * offered: the stored cards' dialog (its collectCard view, spec part 1, "Stored cards widget and
 * dialog", behind every card field and the patient page's Stored Cards), and the card picker of
 * payment plans and memberships (Automate with Card, Change Card, Make a Payment's Add New Card,
 * Restart's other card). Its title names the patient; the card provider's frame (155 px, with its
 * ZIP code field, on the provider's origin: only a nonce reaches Chairside); the "default card"
 * switch, or the sentence saying a first card is always the default; Back (to the cards) or Cancel,
 * and Add Card. Stored, the card goes to `onSaved`, and every list of the patient's cards shows it.
 */
import {
  Button,
  DialogActions,
  DialogContent,
  Link,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { useSdk } from '../runtime/SdkContext.js';
import { CARD_ENTRY_TEXT, useCardEntry } from './card-entry/useCardEntry.js';
import { CardDialogTitle } from './CardDialogTitle.js';
import { ADD_CARD_TEXT } from './cardDialogTexts.js';
import { useCurrentCompany } from './practice.js';
import { useStoreCard } from './savedCards.js';

export { ADD_CARD_TEXT };

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalS,
  },
  intro: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { alignItems: 'center' },
  start: { marginRight: 'auto' },
});

export interface AddNewCardProps {
  customerId: number;
  /** The patient has cards already: the new one may or may not become the default. */
  hasCards: boolean;
  /** The card is stored. */
  onSaved: (card: SavedCard) => void;
  /** Back to the patient's cards; without it the button is Cancel, which closes the dialog. */
  onBack?: () => void;
  /** The title's close button, and Cancel. */
  onClose: () => void;
  /** 'Send a notification' (ask the patient to store a card themselves), where the dialog offers it. */
  onRequest?: () => void;
  /** Messages above the frame (the stored cards' own banners, in a host page). */
  notices?: ReactNode;
}

/** The view's title, content and actions, for a DialogBody. */
export function AddNewCard(props: AddNewCardProps) {
  const { customerId, hasCards, onSaved, onBack, onClose, onRequest, notices } = props;
  const styles = useStyles();
  const sdk = useSdk();
  const company = useCurrentCompany();
  const entry = useCardEntry({
    hasCards,
    scriptUrl: sdk.config.cardProviderScriptUrl,
    businessId: company.data?.businessId,
    applicationId: company.data?.appId,
    practiceFailed: company.error !== undefined && company.data === undefined,
    store: useStoreCard(customerId),
    onSaved,
  });
  const { busy } = entry;
  return (
    <>
      <CardDialogTitle title={ADD_CARD_TEXT.title} customerId={customerId} onClose={onClose} />
      <DialogContent className={styles.content}>
        {notices}
        {hasCards ? null : <p className={styles.intro}>{CARD_ENTRY_TEXT.noStoredCards}</p>}
        {entry.frame}
        {entry.defaultSwitch ?? <span className={styles.hint}>{ADD_CARD_TEXT.firstCardIsDefault}</span>}
      </DialogContent>
      <DialogActions fluid className={styles.actions}>
        {onRequest ? (
          <span className={styles.start}>
            <Link as="button" onClick={onRequest}>
              {ADD_CARD_TEXT.sendNotification}
            </Link>
          </span>
        ) : null}
        <Button appearance="secondary" disabled={busy} onClick={onBack ?? onClose}>
          {onBack ? ADD_CARD_TEXT.back : ADD_CARD_TEXT.cancel}
        </Button>
        <Button
          appearance="primary"
          disabled={busy || !entry.ready}
          icon={busy ? <Spinner size="extra-tiny" /> : undefined}
          onClick={() => void entry.addCard()}
        >
          {CARD_ENTRY_TEXT.addCard}
        </Button>
      </DialogActions>
    </>
  );
}
