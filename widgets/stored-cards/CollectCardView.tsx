/**
 * The collectCard view: the card provider's frame (155 px, with its ZIP code field) on the
 * provider's origin, and Add Card. The frame gives a nonce, never a card number; the nonce is all
 * that reaches Chairside. A new card is the default unless the person says otherwise (a first card
 * always is). A frame that refuses what was typed gets the spec's sentence.
 */
import { useId, useRef, useState } from 'react';
import { Button, Link, makeStyles, mergeClasses, Spinner, Switch, tokens } from '@fluentui/react-components';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { useSdk } from '../runtime/SdkContext.js';
import { useCardEntryFrame } from '../ui/card-entry/useCardEntryFrame.js';
import { useCurrentCompany } from './usePractice.js';
import { CARD_FRAME_HEIGHT, TEXT } from './texts.js';
import { useCardChanges } from './useStoredCardsData.js';
import { ViewLayout } from './ViewLayout.js';

const useStyles = makeStyles({
  frameBox: {
    position: 'relative',
    height: `${CARD_FRAME_HEIGHT}px`,
    overflow: 'hidden',
  },
  frame: { height: '100%' },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  failed: { color: tokens.colorPaletteRedForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
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
  const frameId = useId();
  const container = useRef<HTMLDivElement>(null);
  const { status, failure, requestNonce } = useCardEntryFrame({
    container,
    scriptUrl: sdk.config.cardProviderScriptUrl,
    businessId: company.data?.businessId,
    applicationId: company.data?.appId,
    height: CARD_FRAME_HEIGHT,
    displayZip: true,
  });
  const [makeDefault, setMakeDefault] = useState(true);
  const [frameError, setFrameError] = useState(false);
  const [busy, setBusy] = useState(false);
  const companyFailed = company.error !== undefined && company.data === undefined;

  const addCard = async () => {
    setFrameError(false);
    setBusy(true);
    const outcome = await requestNonce();
    if (!outcome.ok) {
      setBusy(false);
      setFrameError(true);
      return;
    }
    const card = await store(outcome.nonce, hasCards ? makeDefault : true);
    setBusy(false);
    if (card) onSaved(card);
  };

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
            disabled={busy || status !== 'ready'}
            icon={busy ? <Spinner size="extra-tiny" /> : undefined}
            onClick={() => void addCard()}
          >
            {TEXT.addCard}
          </Button>
        </>
      }
    >
      {hasCards ? null : <p className={styles.intro}>{TEXT.noStoredCards}</p>}
      <div className={styles.frameBox} data-frame-status={status}>
        {/* The provider's iframe goes in here; React leaves this element's children alone. */}
        <div id={frameId} ref={container} className={styles.frame} />
        {status === 'ready' ? null : status === 'failed' || companyFailed ? (
          <div className={mergeClasses(styles.overlay, styles.failed)} role="alert">
            {TEXT.frameFailed} {failure}
          </div>
        ) : (
          <div className={styles.overlay}>
            <Spinner size="tiny" label={TEXT.frameLoading} />
          </div>
        )}
      </div>
      {frameError ? (
        <div className={styles.error} role="alert">
          {TEXT.frameError}
        </div>
      ) : null}
      {hasCards ? (
        <Switch
          label={TEXT.makeNewCardDefault}
          checked={makeDefault}
          disabled={busy}
          onChange={(_event, data) => setMakeDefault(data.checked)}
        />
      ) : (
        <span className={styles.hint}>{TEXT.firstCardIsDefault}</span>
      )}
    </ViewLayout>
  );
}
