/**
 * A card a patient enters on a link's page and sees quoted before anything is charged: the
 * provider's frame (a nonce, never a number, reaches Chairside), the quote with the surcharge as its
 * own line, a decline with another try, and a fresh frame for that try. The payment page pays the
 * quote; the enrolment page signs and enrols with it.
 */
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Fragment, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import type { CardQuote } from '../../../embed-sdk/contract/paymentPage.js';
import type { CardEntry } from '../../../embed-sdk/contract/savedCard.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { CARD_ENTRY_TEXT, CARD_FRAME_HEIGHT } from '../../../widgets/ui/card-entry/texts.js';
import { useCardEntryFrame } from '../../../widgets/ui/card-entry/useCardEntryFrame.js';

const useStyles = makeStyles({
  lines: { display: 'grid', gridTemplateColumns: '1fr auto', rowGap: tokens.spacingVerticalXS },
  strong: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, textAlign: 'right' },
  frame: { minHeight: `${CARD_FRAME_HEIGHT}px` },
});

/** A label, its amount, and whether it is the line that counts (the total). */
export type Line = [label: string, value: string, strong?: boolean];

/** Labels on the left, amounts on the right. */
export function Lines({ rows, className }: { rows: Line[]; className?: string }) {
  const styles = useStyles();
  return (
    <dl className={mergeClasses(styles.lines, className)}>
      {rows.map(([label, value, strong]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={strong ? styles.strong : undefined}>{label}</dt>
          <dd className={mergeClasses(styles.value, strong && styles.strong)}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The quote: the card, the amount, the surcharge when there is one, the total; `per` a cycle's ('a month'). */
export function QuoteLines({
  quote,
  per,
  className,
}: {
  quote: CardQuote;
  per?: string;
  className?: string;
}) {
  const after = per ? ` ${per}` : '';
  return (
    <Lines
      className={className}
      rows={[
        ['Card', quote.description],
        [`Amount${after}`, formatCurrency(quote.amount)],
        ...(quote.surchargeAmount > 0
          ? [['Credit card surcharge', formatCurrency(quote.surchargeAmount)] satisfies Line]
          : []),
        [`Total${after}`, formatCurrency(quote.total), true],
      ]}
    />
  );
}

/** A card the server quoted, with the idempotency key of the one charge it may lead to. */
export interface QuotedCard {
  nonce: string;
  quote: CardQuote;
  key: string;
}

export interface CardQuoting {
  /** The frame with its loading, failure and refusal states; hidden while a quote stands. */
  frame: ReactNode;
  /** The frame is ready for Review / Continue. */
  ready: boolean;
  busy: boolean;
  /** The quote standing, or null while the card is being entered. */
  quoted: QuotedCard | null;
  /** A nonce from the frame, then the server's quote for it. */
  review: () => Promise<void>;
  /** Back to the frame, to enter another card. */
  changeCard: () => void;
  /** Does the quote's work (pay, enrol) while busy; a refusal is the SDK's banner, so it is not thrown. */
  act: (work: (quoted: QuotedCard) => Promise<void>) => Promise<void>;
}

export function useCardQuoting(
  cardEntry: CardEntry,
  quote: (nonce: string) => Promise<CardQuote>,
): CardQuoting {
  const styles = useStyles();
  const frameId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const container = useRef<HTMLDivElement>(null);
  const { status, failure, requestNonce, frameProps } = useCardEntryFrame({
    container,
    scriptUrl: cardEntry.scriptUrl,
    businessId: cardEntry.businessId,
    applicationId: cardEntry.appId,
    height: CARD_FRAME_HEIGHT,
    displayZip: true,
    title: 'Card details',
  });
  const [quoted, setQuoted] = useState<QuotedCard | null>(null);
  const [busy, setBusy] = useState(false);
  const [frameError, setFrameError] = useState(false);

  const review = async () => {
    setFrameError(false);
    setBusy(true);
    const outcome = await requestNonce();
    if (!outcome.ok) {
      setBusy(false);
      setFrameError(true);
      return;
    }
    try {
      const answer = await quote(outcome.nonce);
      setQuoted({ nonce: outcome.nonce, quote: answer, key: crypto.randomUUID() });
    } catch {
      // the banner says why
    } finally {
      setBusy(false);
    }
  };

  const act = async (work: (quoted: QuotedCard) => Promise<void>) => {
    if (!quoted) return;
    setBusy(true);
    try {
      await work(quoted);
    } catch {
      // the banner says why
    } finally {
      setBusy(false);
    }
  };

  const frame = (
    <div hidden={quoted !== null}>
      <div id={`card-frame-${frameId}`} ref={container} className={styles.frame} {...frameProps} />
      {status === 'loading' && <Spinner size="small" label={CARD_ENTRY_TEXT.frameLoading} />}
      {status === 'failed' && <Text role="alert">{failure ?? CARD_ENTRY_TEXT.frameFailed}</Text>}
      {frameError && <Text role="alert">{CARD_ENTRY_TEXT.frameError}</Text>}
    </div>
  );

  return { frame, ready: status === 'ready', busy, quoted, review, changeCard: () => setQuoted(null), act };
}

/** A declined card: nothing was charged, and another card may be tried. */
export function DeclinedCard({ reason, onTryAgain }: { reason: string | null; onTryAgain: () => void }) {
  return (
    <>
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Declined</MessageBarTitle>
          {reason ?? 'The card was declined.'} Nothing was charged. You can try another card.
        </MessageBarBody>
      </MessageBar>
      <Button onClick={onTryAgain}>Try another card</Button>
    </>
  );
}

/** A fresh form (and card frame, with a fresh nonce) for every try after a decline. */
export function CardAttempts({ children }: { children: (tryAgain: () => void) => ReactElement }) {
  const [attempt, setAttempt] = useState(0);
  return <Fragment key={attempt}>{children(() => setAttempt((n) => n + 1))}</Fragment>;
}
