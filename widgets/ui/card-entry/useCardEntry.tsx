/**
 * Adding a card through the card provider's frame (155 px, with its ZIP code field, on the
 * provider's origin): the frame with its loading and failure states, the spec's sentence when the
 * frame refuses what was typed, the "default card" switch, and Add Card's work (a nonce from the
 * frame, never a card number, then the caller's store). A first card is always the default.
 * The stored-cards dialog and the payment plan's card picker lay these pieces out their own way.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { makeStyles, mergeClasses, Spinner, Switch, tokens } from '@fluentui/react-components';
import type { SavedCard } from '../../../embed-sdk/contract/savedCard.js';
import { CARD_ENTRY_TEXT, CARD_FRAME_HEIGHT } from './texts.js';
import { useCardEntryFrame } from './useCardEntryFrame.js';

export { CARD_ENTRY_TEXT, CARD_FRAME_HEIGHT };

const useStyles = makeStyles({
  frameBox: { position: 'relative', height: `${CARD_FRAME_HEIGHT}px`, overflow: 'hidden' },
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
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** `T` is what the caller's store answers: a card on file, or what a patient's link page shows of it. */
export interface CardEntryOptions<T = SavedCard> {
  /** The patient has cards already: the new card may or may not become the default. */
  hasCards: boolean;
  scriptUrl: string | null;
  /** From the current practice; the frame waits for them. */
  businessId: string | undefined;
  applicationId: string | undefined;
  /** The practice could not be read: the frame cannot start. */
  practiceFailed: boolean;
  /** Stores the nonce as the patient's card; null when it was refused (the client told the person). */
  store: (nonce: string, isDefault: boolean) => Promise<T | null>;
  onSaved: (card: T) => void;
}

export interface CardEntry {
  /** The frame, and the sentence when the frame refused what was typed. */
  frame: ReactNode;
  /** The "default card" switch, when the patient has cards already. */
  defaultSwitch: ReactNode;
  busy: boolean;
  /** Add Card may be pressed. */
  ready: boolean;
  addCard: () => Promise<void>;
}

export function useCardEntry<T = SavedCard>(options: CardEntryOptions<T>): CardEntry {
  const { hasCards, store, onSaved } = options;
  const styles = useStyles();
  const frameId = useId();
  const container = useRef<HTMLDivElement>(null);
  const { status, failure, requestNonce, frameProps } = useCardEntryFrame({
    container,
    scriptUrl: options.scriptUrl,
    businessId: options.businessId,
    applicationId: options.applicationId,
    height: CARD_FRAME_HEIGHT,
    displayZip: true,
  });
  const [makeDefault, setMakeDefault] = useState(true);
  const [frameError, setFrameError] = useState(false);
  const [busy, setBusy] = useState(false);

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

  const frame = (
    <>
      <div className={styles.frameBox} data-frame-status={status}>
        {/* The provider's iframe goes in here; React leaves this element's children alone. */}
        <div id={frameId} ref={container} className={styles.frame} {...frameProps} />
        {status === 'ready' ? null : status === 'failed' || options.practiceFailed ? (
          <div className={mergeClasses(styles.overlay, styles.error)} role="alert">
            {CARD_ENTRY_TEXT.frameFailed} {failure}
          </div>
        ) : (
          <div className={styles.overlay}>
            <Spinner size="tiny" label={CARD_ENTRY_TEXT.frameLoading} />
          </div>
        )}
      </div>
      {frameError ? (
        <div className={styles.error} role="alert">
          {CARD_ENTRY_TEXT.frameError}
        </div>
      ) : null}
    </>
  );
  const defaultSwitch = hasCards ? (
    <Switch
      label={CARD_ENTRY_TEXT.makeNewCardDefault}
      checked={makeDefault}
      disabled={busy}
      onChange={(_event, data) => setMakeDefault(data.checked)}
    />
  ) : null;
  return { frame, defaultSwitch, busy, ready: status === 'ready', addCard };
}
