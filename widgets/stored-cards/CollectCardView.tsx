/**
 * The collectCard view: the card provider's frame (155 px, with its ZIP code field) on the
 * provider's origin, and Add Card. The frame gives a nonce, never a card number; the nonce is all
 * that reaches Chairside. A new card is the default unless the person says otherwise (a first card
 * always is). A frame that refuses what was typed gets the spec's sentence.
 */
import { Button, Link, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { useSdk } from '../runtime/SdkContext.js';
import { useCardEntry } from '../ui/card-entry/useCardEntry.js';
import { useCurrentCompany } from './usePractice.js';
import { TEXT } from './texts.js';
import { useCardChanges } from './useStoredCardsData.js';
import { ViewLayout } from './ViewLayout.js';

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  intro: { margin: 0 },
});

export function CollectCardView(props: {
  customerId: number;
  /** The patient has cards already (a first card is always the default, and there is a list to go back to). */
  hasCards: boolean;
  onSaved: (card: SavedCard) => void;
  onBack: () => void;
  onRequest: () => void;
}) {
  const { customerId, hasCards, onSaved, onBack, onRequest } = props;
  const styles = useStyles();
  const sdk = useSdk();
  const company = useCurrentCompany();
  const { store } = useCardChanges(customerId);
  const entry = useCardEntry({
    hasCards,
    scriptUrl: sdk.config.cardProviderScriptUrl,
    businessId: company.data?.businessId,
    applicationId: company.data?.appId,
    practiceFailed: company.error !== undefined && company.data === undefined,
    store,
    onSaved,
  });
  const { busy } = entry;

  return (
    <ViewLayout
      start={
        <Link as="button" onClick={onRequest}>
          {TEXT.sendNotification}
        </Link>
      }
      actions={
        <>
          {hasCards ? (
            <Button appearance="secondary" disabled={busy} onClick={onBack}>
              {TEXT.back}
            </Button>
          ) : null}
          <Button
            appearance="primary"
            disabled={busy || !entry.ready}
            icon={busy ? <Spinner size="extra-tiny" /> : undefined}
            onClick={() => void entry.addCard()}
          >
            {TEXT.addCard}
          </Button>
        </>
      }
    >
      {hasCards ? null : <p className={styles.intro}>{TEXT.noStoredCards}</p>}
      {entry.frame}
      {entry.defaultSwitch ?? <span className={styles.hint}>{TEXT.firstCardIsDefault}</span>}
    </ViewLayout>
  );
}
