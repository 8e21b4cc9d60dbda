/**
 * The public payment page (p/{token}): a patient opens it from a payment request's link, without
 * signing in. It shows the practice, the patient's first name and the amount, records the first
 * viewing, takes the card through the provider's frame, discloses the surcharge as its own line
 * before paying (quote), and pays exactly the quoted total once (one idempotency key per attempt).
 * A paid or cancelled link says so and takes no payment.
 */
import {
  Body1,
  Button,
  Divider,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle1,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { formatCurrency, formatDateTime, formatPhone, formatRate } from '../../embed-sdk/format/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { useCardEntryFrame } from '../../widgets/ui/card-entry/useCardEntryFrame.js';
import {
  paymentPage as getPaymentPage,
  pay as payPaymentRequest,
  quote as quotePaymentRequest,
  recordViewed as recordPaymentPageViewed,
  type CardQuote,
  type PaymentPage,
} from '../../embed-sdk/contract/paymentPage.js';
import { valueOf } from '../data/valueOf.js';
import { useDocumentTitle } from './PageHeader.js';

const FRAME_HEIGHT = 155;

const useStyles = makeStyles({
  page: {
    maxWidth: '520px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  lines: { display: 'grid', gridTemplateColumns: '1fr auto', rowGap: tokens.spacingVerticalXS },
  total: { fontWeight: tokens.fontWeightSemibold },
  frame: { minHeight: `${FRAME_HEIGHT}px` },
  hint: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
  // The practice above the greeting, each on its own line.
  heading: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    '& > *': { margin: 0 },
  },
});

type Step =
  | { kind: 'entry' }
  | { kind: 'quoted'; nonce: string; quote: CardQuote; key: string }
  | { kind: 'done'; approved: boolean; reason: string | null; transactionId: string; total: number };

function Lines({ rows }: { rows: [string, string, boolean?][] }) {
  const styles = useStyles();
  return (
    <dl className={styles.lines}>
      {rows.map(([label, value, strong]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={strong ? styles.total : undefined}>{label}</dt>
          <dd className={strong ? styles.total : undefined} style={{ margin: 0, textAlign: 'right' }}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ClosedLink({ page }: { page: PaymentPage }) {
  if (page.status === 'PAID') {
    return (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>This payment request has been paid.</MessageBarTitle>
          {page.receipt
            ? `${formatCurrency(page.receipt.total)} was paid on ${formatDateTime(page.receipt.paid)}. No further payment is needed.`
            : 'No further payment is needed.'}
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>This payment request has been cancelled.</MessageBarTitle>
        It no longer takes a payment. Please contact {page.practiceName}
        {page.practicePhone ? ` at ${formatPhone(page.practicePhone)}` : ''} with any questions.
      </MessageBarBody>
    </MessageBar>
  );
}

/** One attempt to pay: the card frame, the quote, the charge. A declined card starts a new one. */
function PayForm({ token, page, onTryAgain }: { token: string; page: PaymentPage; onTryAgain: () => void }) {
  const styles = useStyles();
  const sdk = useSdk();
  const frameId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const container = useRef<HTMLDivElement>(null);
  const { status, failure, requestNonce } = useCardEntryFrame({
    container,
    scriptUrl: page.cardEntry.scriptUrl,
    businessId: page.cardEntry.businessId,
    applicationId: page.cardEntry.appId,
    height: FRAME_HEIGHT,
    displayZip: true,
    title: 'Card details',
  });
  const [step, setStep] = useState<Step>({ kind: 'entry' });
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
      const quote = await valueOf(
        sdk.api.call(quotePaymentRequest, { body: { token, nonce: outcome.nonce } }),
      );
      setStep({ kind: 'quoted', nonce: outcome.nonce, quote, key: crypto.randomUUID() });
    } catch {
      // the banner says why
    } finally {
      setBusy(false);
    }
  };

  const payNow = async () => {
    if (step.kind !== 'quoted') return;
    setBusy(true);
    try {
      const result = await valueOf(
        sdk.api.call(payPaymentRequest, {
          body: { token, nonce: step.nonce, total: step.quote.total },
          idempotencyKey: step.key,
        }),
      );
      setStep({
        kind: 'done',
        approved: result.isApproved,
        reason: result.reason,
        transactionId: result.transactionId,
        total: result.total,
      });
    } catch {
      // the banner says why
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'done') {
    return step.approved ? (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Approved</MessageBarTitle>
          Your transaction was completed. {formatCurrency(step.total)} was charged (transaction{' '}
          {step.transactionId}).
        </MessageBarBody>
      </MessageBar>
    ) : (
      <>
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Declined</MessageBarTitle>
            {step.reason ?? 'The card was declined.'} Nothing was charged. You can try another card.
          </MessageBarBody>
        </MessageBar>
        <Button onClick={onTryAgain}>Try another card</Button>
      </>
    );
  }

  return (
    <>
      <div hidden={step.kind !== 'entry'}>
        <div id={`card-frame-${frameId}`} ref={container} className={styles.frame} />
        {status === 'loading' && <Spinner size="small" label="Loading the card form…" />}
        {status === 'failed' && <Text role="alert">{failure ?? 'The card form could not load.'}</Text>}
        {frameError && <Text role="alert">Please make sure all fields are entered correctly</Text>}
      </div>
      {step.kind === 'entry' ? (
        <Button appearance="primary" disabled={busy || status !== 'ready'} onClick={() => void review()}>
          {busy ? <Spinner size="tiny" /> : 'Review Payment'}
        </Button>
      ) : (
        <section aria-label="Payment summary">
          <Lines
            rows={[
              ['Card', step.quote.description],
              ['Amount', formatCurrency(step.quote.amount)],
              ...(step.quote.surchargeAmount > 0
                ? ([['Credit card surcharge', formatCurrency(step.quote.surchargeAmount)]] as [
                    string,
                    string,
                  ][])
                : []),
              ['Total', formatCurrency(step.quote.total), true],
            ]}
          />
          <div className={styles.actions}>
            <Button appearance="primary" disabled={busy} onClick={() => void payNow()}>
              {busy ? <Spinner size="tiny" /> : `Pay ${formatCurrency(step.quote.total)}`}
            </Button>
            <Button disabled={busy} onClick={() => setStep({ kind: 'entry' })}>
              Change card
            </Button>
          </div>
        </section>
      )}
    </>
  );
}

/** A fresh form (and card frame, with a fresh nonce) for every attempt after a decline. */
function Payment({ token, page }: { token: string; page: PaymentPage }) {
  const [attempt, setAttempt] = useState(0);
  return <PayForm key={attempt} token={token} page={page} onTryAgain={() => setAttempt((n) => n + 1)} />;
}

export default function PublicPaymentPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const token = useParams().id ?? '';
  useDocumentTitle('Payment');
  const { data: page, error } = useSWR(
    token ? ['public/paymentRequest', token] : null,
    () => valueOf(sdk.api.call(getPaymentPage, { query: { token } })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  // The first opening records the viewed time (the server keeps only the first).
  const recorded = useRef(false);
  useEffect(() => {
    if (!page || recorded.current || page.status !== 'OPEN') return;
    recorded.current = true;
    void sdk.api.call(recordPaymentPageViewed, { body: { token }, noProgress: true }).catch(() => undefined);
  }, [page, sdk, token]);

  if (error) {
    return (
      <main className={styles.page}>
        <div className={styles.heading}>
          <Subtitle1 as="p">{`Payment request ${token}`}</Subtitle1>
          <Title2 as="h1">Payment</Title2>
        </div>
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>This payment link could not be opened.</MessageBarTitle>
            Check that the whole link was opened, or contact your dental practice.
          </MessageBarBody>
        </MessageBar>
      </main>
    );
  }
  if (!page) {
    return (
      <main className={styles.page}>
        <Spinner label="Loading your payment…" />
      </main>
    );
  }
  const rate = page.surcharge.rateBps;
  return (
    <main className={styles.page}>
      <div className={styles.heading}>
        <Subtitle1 as="p">{page.practiceName}</Subtitle1>
        <Title2 as="h1">Hi {page.firstName},</Title2>
      </div>
      <Body1>
        {page.practiceName} has requested a payment of <strong>{formatCurrency(page.amount)}</strong>.
      </Body1>
      {page.message && <Body1 as="p">“{page.message}”</Body1>}
      <Divider />
      {page.status === 'OPEN' ? (
        <>
          {rate > 0 && (
            <Text className={styles.hint}>
              {`Credit cards carry a ${formatRate(rate)} surcharge (${formatCurrency(page.surcharge.creditSurchargeAmount)}, ${formatCurrency(page.surcharge.creditTotal)} in total). Debit cards carry none. You will see the exact amount before you pay.`}
            </Text>
          )}
          <Payment token={token} page={page} />
        </>
      ) : (
        <ClosedLink page={page} />
      )}
    </main>
  );
}
