/**
 * The public enrolment page (enroll/{token}): a patient opens it from New Membership's link (a text
 * and/or e-mail), without signing in. It shows the practice, the patient's first name, the plans of
 * each enrollee with what they include and cost, the cycle's amount and the credit-card surcharge,
 * and the agreement; the patient enters a card through the provider's frame (a nonce, never a number,
 * reaches Chairside), sees what a cycle costs on that card (quote), and signs. Completing it stores
 * the card, records the signature (method, IP address and time) and activates the membership: the
 * practice's 'Membership for {name}' modal leaves Awaiting Completion at once (the server publishes
 * the change). A completed or canceled link says so; an expired or replaced one shows only the
 * practice, to ask for a new link. Shaped like the public payment page
 * (PublicPaymentPage.tsx): both take the card in the same quoted steps (QuotedCard.tsx).
 */
import {
  Body1,
  Button,
  Divider,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import {
  completeEnrollment,
  enrollmentPage,
  enrollmentQuote,
  type EnrollmentPage,
} from '../../embed-sdk/contract/membership.js';
import { formatCurrency, formatDate, formatRate } from '../../embed-sdk/format/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { PublicLinkPage, usePublicLink } from '../components/publicLink/PublicLinkPage.js';
import {
  CardAttempts,
  DeclinedCard,
  Lines,
  QuoteLines,
  useCardQuoting,
} from '../components/publicLink/QuotedCard.js';
import { valueOf } from '../data/valueOf.js';

const useStyles = makeStyles({
  plans: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // A plan without an image gives its text the image's room. On a phone the price goes under the
  // text, which keeps the card's width rather than wrap a word or two a line beside it.
  plan: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalS },
  },
  withImage: {
    gridTemplateColumns: '64px minmax(0, 1fr) auto',
    '@media (max-width: 480px)': { gridTemplateColumns: '48px minmax(0, 1fr)' },
  },
  image: {
    width: '64px',
    height: '48px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 480px)': { width: '48px', height: '36px' },
  },
  price: {
    '@media (max-width: 480px)': { gridColumn: '-2 / -1', textAlign: 'left' },
  },
  benefits: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: '18px' },
  muted: { color: tokens.colorNeutralForeground3 },
  money: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  lines: { margin: 0 },
  agreement: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: 'pre-wrap',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

const PER: Record<EnrollmentPage['cycle'], string> = { MONTHLY: 'a month', YEARLY: 'a year' };

function Plans({ page }: { page: EnrollmentPage }) {
  const styles = useStyles();
  return (
    <section className={styles.plans} aria-label="Your plans">
      {page.enrollees.map((e, i) => (
        <article
          key={i}
          className={mergeClasses(styles.plan, e.image ? styles.withImage : undefined)}
          aria-label={`${e.label} for ${e.firstName}`}
        >
          {e.image ? <img src={e.image} alt="" className={styles.image} /> : null}
          <div>
            <Text weight="semibold" block>
              {e.label}
            </Text>
            <Text size={200} className={styles.muted} block>
              {`For ${e.firstName}${e.qty > 1 ? ` × ${e.qty}` : ''}`}
            </Text>
            {e.description ? <Body1 block>{e.description}</Body1> : null}
            {e.billingMembershipBenefits.length > 0 ? (
              <ul className={styles.benefits}>
                {e.billingMembershipBenefits.map((b) => (
                  <li key={b.id}>{b.label}</li>
                ))}
              </ul>
            ) : null}
            {e.discountPlan ? (
              <Text size={200} className={styles.muted} block>
                {`Discount on other treatment: ${e.discountPlan}`}
              </Text>
            ) : null}
          </div>
          <Text className={mergeClasses(styles.money, styles.price)}>
            {`${formatCurrency(e.total)} ${PER[page.cycle]}`}
          </Text>
        </article>
      ))}
    </section>
  );
}

type Enrolled = { startDate: string; charged: { total: number; transactionId: string | null } | null };

/** One attempt: the card frame, the quote, the signature and completing. A declined card starts a new one. */
function EnrollForm({
  token,
  page,
  onTryAgain,
  onEnrolled,
}: {
  token: string;
  page: EnrollmentPage;
  onTryAgain: () => void;
  /** The membership is active: the page's introduction says so. */
  onEnrolled: () => void;
}) {
  const styles = useStyles();
  const sdk = useSdk();
  const card = useCardQuoting(page.cardEntry, (nonce) =>
    valueOf(sdk.api.call(enrollmentQuote, { body: { token, nonce } })),
  );
  const [result, setResult] = useState<
    { kind: 'enrolled'; enrolled: Enrolled } | { kind: 'declined'; reason: string | null } | null
  >(null);
  const [signature, setSignature] = useState('');
  const [signatureError, setSignatureError] = useState<string | null>(null);

  const complete = async () => {
    if (!card.quoted) return;
    if (signature.trim() === '') {
      setSignatureError('The signature is required.');
      return;
    }
    setSignatureError(null);
    await card.act(async ({ nonce, key }) => {
      const answer = await valueOf(
        sdk.api.call(completeEnrollment, {
          body: { token, nonce, signature: signature.trim() },
          idempotencyKey: key,
        }),
      );
      if (answer.outcome && !answer.outcome.isApproved) {
        setResult({ kind: 'declined', reason: answer.outcome.reason });
      } else {
        onEnrolled();
        setResult({
          kind: 'enrolled',
          enrolled: {
            startDate: answer.startDate,
            charged: answer.outcome
              ? { total: answer.outcome.total, transactionId: answer.outcome.transactionId }
              : null,
          },
        });
      }
    });
  };

  if (result?.kind === 'enrolled') {
    const { startDate, charged } = result.enrolled;
    return (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>You are enrolled.</MessageBarTitle>
          {`Your membership with ${page.practiceName} starts on ${formatDate(startDate)}. `}
          {charged
            ? `${formatCurrency(charged.total)} was charged today${charged.transactionId ? ` (transaction ${charged.transactionId})` : ''}. `
            : 'Your card is charged on the start date. '}
          You can close this page.
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (result?.kind === 'declined') return <DeclinedCard reason={result.reason} onTryAgain={onTryAgain} />;

  return (
    <>
      {card.frame}
      {card.quoted === null ? (
        <div className={styles.actions}>
          <Button appearance="primary" disabled={card.busy || !card.ready} onClick={() => void card.review()}>
            {card.busy ? <Spinner size="tiny" /> : 'Continue'}
          </Button>
        </div>
      ) : (
        <section aria-label="Your membership’s cost">
          <QuoteLines quote={card.quoted.quote} per={PER[page.cycle]} className={styles.lines} />
          <Field
            label="Signature"
            hint="Type your full name to sign the agreement above."
            required
            validationState={signatureError ? 'error' : 'none'}
            validationMessage={signatureError}
          >
            <Input
              value={signature}
              maxLength={200}
              autoComplete="name"
              onChange={(_e, d) => setSignature(d.value)}
            />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" disabled={card.busy} onClick={() => void complete()}>
              {card.busy ? <Spinner size="tiny" /> : 'Sign and Enroll'}
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

function ClosedLink({ page }: { page: EnrollmentPage }) {
  return page.status === 'COMPLETED' ? (
    <MessageBar intent="success" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>This enrollment is complete.</MessageBarTitle>
        Your membership with {page.practiceName} is active. No further steps are needed.
      </MessageBarBody>
    </MessageBar>
  ) : (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>This enrollment has been canceled.</MessageBarTitle>
        It no longer takes a card. Please contact {page.practiceName} with any questions.
      </MessageBarBody>
    </MessageBar>
  );
}

export default function PublicEnrollmentPage({ token }: { token: string }) {
  const styles = useStyles();
  const sdk = useSdk();
  const [enrolled, setEnrolled] = useState(false);
  const { data: page, error } = usePublicLink('public/membershipEnrollment', token, () =>
    valueOf(sdk.api.call(enrollmentPage, { query: { token } })),
  );

  return (
    <PublicLinkPage
      title="Membership enrollment"
      unopenedTitle="This enrollment link could not be opened."
      loadingLabel="Loading your enrollment…"
      expiredPurpose="to complete your enrollment"
      wide
      page={page}
      error={error}
    >
      {(page) => (
        <>
          <Body1>
            {page.practiceName} has set up a {page.cycle === 'MONTHLY' ? 'monthly' : 'yearly'} membership for
            you, starting {formatDate(page.startDate)}.{' '}
            {/* Opened again once complete, it says what was done too; a canceled one asks nothing. */}
            {enrolled || page.status === 'COMPLETED'
              ? 'You have signed the agreement and enrolled; your card is on file for it.'
              : page.status === 'OPEN'
                ? 'Review the plans, add a card and sign to enroll.'
                : null}
          </Body1>
          <Plans page={page} />
          <Lines
            className={styles.lines}
            rows={[[`Total ${PER[page.cycle]}`, formatCurrency(page.amount), true]]}
          />
          {page.status === 'OPEN' ? (
            <>
              {/* Once enrolled, what was charged is in the confirmation; the advice before signing is done. */}
              {page.surcharge.rateBps > 0 && !enrolled && (
                <Text className={styles.muted}>
                  {`Credit cards carry a ${formatRate(page.surcharge.rateBps)} surcharge. Debit and prepaid cards carry none. Once you have entered your card, you will see the exact amount before you sign.`}
                </Text>
              )}
              <section aria-label="Agreement">
                <Text weight="semibold" block>
                  Agreement
                </Text>
                <Text className={styles.agreement} block>
                  {page.template}
                </Text>
              </section>
              <Divider />
              <CardAttempts>
                {(tryAgain) => (
                  <EnrollForm
                    token={token}
                    page={page}
                    onTryAgain={tryAgain}
                    onEnrolled={() => setEnrolled(true)}
                  />
                )}
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
