/**
 * The public payment page (p/{token}): a patient opens it from a payment request's link, without
 * signing in. It shows the practice, the patient's first name and the amount, records the first
 * viewing, takes the card through the provider's frame, discloses the surcharge as its own line
 * before paying (quote), and pays exactly the quoted total once (one idempotency key per attempt).
 * A paid or cancelled link says so and takes no payment; an expired or replaced one shows only the
 * practice, to ask for a new link (PublicLinkPage's ExpiredLink).
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
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { formatCurrency, formatDateTime, formatPhone, formatRate } from '../../embed-sdk/format/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import {
  paymentPage as getPaymentPage,
  pay as payPaymentRequest,
  quote as quotePaymentRequest,
  recordViewed as recordPaymentPageViewed,
  type PaymentPage,
} from '../../embed-sdk/contract/paymentPage.js';
import { PublicLinkPage, usePublicLink } from '../components/publicLink/PublicLinkPage.js';
import {
  CardAttempts,
  DeclinedCard,
  QuoteLines,
  useCardQuoting,
} from '../components/publicLink/QuotedCard.js';
import { useReaderZone } from '../components/publicLink/readerZone.js';
import { valueOf } from '../data/valueOf.js';

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

type Paid = { approved: boolean; reason: string | null; transactionId: string; total: number };

function ClosedLink({ page }: { page: PaymentPage }) {
  const zone = useReaderZone();
  if (page.status === 'PAID') {
    return (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>This payment request has been paid.</MessageBarTitle>
          {page.receipt
            ? `${formatCurrency(page.receipt.total)} was paid on ${formatDateTime(page.receipt.paid, zone)}. No further payment is needed.`
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
  const card = useCardQuoting(page.cardEntry, (nonce) =>
    valueOf(sdk.api.call(quotePaymentRequest, { body: { token, nonce } })),
  );
  const [paid, setPaid] = useState<Paid | null>(null);

  const payNow = () =>
    card.act(async ({ nonce, quote, key }) => {
      const result = await valueOf(
        sdk.api.call(payPaymentRequest, { body: { token, nonce, total: quote.total }, idempotencyKey: key }),
      );
      setPaid({
        approved: result.isApproved,
        reason: result.reason,
        transactionId: result.transactionId,
        total: result.total,
      });
    });

  if (paid) {
    return paid.approved ? (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Approved</MessageBarTitle>
          Your transaction was completed. {formatCurrency(paid.total)} was charged (transaction{' '}
          {paid.transactionId}).
        </MessageBarBody>
      </MessageBar>
    ) : (
      <DeclinedCard reason={paid.reason} onTryAgain={onTryAgain} />
    );
  }

  return (
    <>
      {card.frame}
      {card.quoted === null ? (
        <Button appearance="primary" disabled={card.busy || !card.ready} onClick={() => void card.review()}>
          {card.busy ? <Spinner size="tiny" /> : 'Review Payment'}
        </Button>
      ) : (
        <section aria-label="Payment summary">
          <QuoteLines quote={card.quoted.quote} />
          <div className={styles.actions}>
            <Button appearance="primary" disabled={card.busy} onClick={() => void payNow()}>
              {card.busy ? <Spinner size="tiny" /> : `Pay ${formatCurrency(card.quoted.quote.total)}`}
            </Button>
            <Button disabled={card.busy} onClick={card.changeCard}>
              Change card
            </Button>
          </div>
        </section>
      )}
    </>
  );
}

export default function PublicPaymentPage({ token }: { token: string }) {
  const styles = useStyles();
  const sdk = useSdk();
  const { data: page, error } = usePublicLink('public/paymentRequest', token, () =>
    valueOf(sdk.api.call(getPaymentPage, { query: { token } })),
  );
  // The first opening records the viewed time (the server keeps only the first).
  const recorded = useRef(false);
  useEffect(() => {
    if (!page || recorded.current || page.status !== 'OPEN') return;
    recorded.current = true;
    void sdk.api.call(recordPaymentPageViewed, { body: { token }, noProgress: true }).catch(() => undefined);
  }, [page, sdk, token]);

  return (
    <PublicLinkPage
      title="Payment"
      unopenedEyebrow={`Payment request ${token}`}
      unopenedTitle="This payment link could not be opened."
      loadingLabel="Loading your payment…"
      expiredPurpose="to pay"
      page={page}
      error={error}
    >
      {(page) => (
        <>
          <Body1>
            {page.practiceName} has requested a payment of <strong>{formatCurrency(page.amount)}</strong>.
          </Body1>
          {page.message && <Body1 as="p">“{page.message}”</Body1>}
          <Divider />
          {page.status === 'OPEN' ? (
            <>
              {page.surcharge.rateBps > 0 && (
                <Text className={styles.hint}>
                  {`Credit cards carry a ${formatRate(page.surcharge.rateBps)} surcharge. Debit and prepaid cards carry none. Once you have entered your card, you will see the exact amount before you pay.`}
                </Text>
              )}
              <CardAttempts>
                {(tryAgain) => <PayForm token={token} page={page} onTryAgain={tryAgain} />}
              </CardAttempts>
            </>
          ) : (
            <ClosedLink page={page} />
          )}
        </>
      )}
    </PublicLinkPage>
  );
}
