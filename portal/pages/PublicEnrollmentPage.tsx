/**
 * The public enrolment page (enroll/{token}): a patient opens it from New Membership's link (a text
 * and/or e-mail), without signing in. It shows the practice, the patient's first name, the plans of
 * each enrollee with what they include and cost, the cycle's amount and the credit-card surcharge,
 * and the agreement; the patient enters a card through the provider's frame (a nonce, never a number,
 * reaches Chairside), sees what a cycle costs on that card (quote), and signs. Completing it stores
 * the card, records the signature (method, IP address and time) and activates the membership: the
 * practice's 'Membership for {name}' modal leaves Awaiting Completion at once (the server publishes
 * the change). A completed or canceled link says so. Shaped like the public payment page
 * (PublicPaymentPage.tsx).
 */
import {
  Body1,
  Button,
  Divider,
  Field,
  Input,
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
import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  completeEnrollment,
  enrollmentPage,
  enrollmentQuote,
  type EnrollmentPage,
} from '../../embed-sdk/contract/membership.js';
import type { CardQuote } from '../../embed-sdk/contract/paymentPage.js';
import { formatCurrency, formatDate, formatRate } from '../../embed-sdk/format/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { useCardEntryFrame } from '../../widgets/ui/card-entry/useCardEntryFrame.js';
import { CARD_FRAME_HEIGHT } from '../../widgets/ui/card-entry/texts.js';
import { valueOf } from '../data/valueOf.js';
import { useDocumentTitle } from './PageHeader.js';

const useStyles = makeStyles({
  page: {
    maxWidth: '600px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  heading: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    '& > *': { margin: 0 },
  },
  plans: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  plan: {
    display: 'grid',
    gridTemplateColumns: '64px 1fr auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  image: { width: '64px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  noImage: { width: '64px', height: '48px' },
  benefits: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: '18px' },
  muted: { color: tokens.colorNeutralForeground3 },
  money: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  lines: { display: 'grid', gridTemplateColumns: '1fr auto', rowGap: tokens.spacingVerticalXS, margin: 0 },
  strong: { fontWeight: tokens.fontWeightSemibold },
  frame: { minHeight: `${CARD_FRAME_HEIGHT}px` },
  agreement: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: 'pre-wrap',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

const PER: Record<EnrollmentPage['cycle'], string> = { MONTHLY: 'a month', YEARLY: 'a year' };

function Lines({ rows }: { rows: [string, string, boolean?][] }) {
  const styles = useStyles();
  return (
    <dl className={styles.lines}>
      {rows.map(([label, value, strong]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={strong ? styles.strong : undefined}>{label}</dt>
          <dd className={strong ? styles.strong : undefined} style={{ margin: 0, textAlign: 'right' }}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Plans({ page }: { page: EnrollmentPage }) {
  const styles = useStyles();
  return (
    <section className={styles.plans} aria-label="Your plans">
      {page.enrollees.map((e, i) => (
        <article key={i} className={styles.plan} aria-label={`${e.label} for ${e.firstName}`}>
          {e.image ? (
            <img src={e.image} alt="" className={styles.image} />
          ) : (
            <span className={styles.noImage} />
          )}
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
          <Text className={styles.money}>{`${formatCurrency(e.total)} ${PER[page.cycle]}`}</Text>
        </article>
      ))}
    </section>
  );
}

type Step =
  | { kind: 'entry' }
  | { kind: 'quoted'; nonce: string; quote: CardQuote; key: string }
  | { kind: 'done'; startDate: string; charged: { total: number; transactionId: string | null } | null }
  | { kind: 'declined'; reason: string | null };

/** One attempt: the card frame, the quote, the signature and completing. A declined card starts a new one. */
function EnrollForm({
  token,
  page,
  onTryAgain,
}: {
  token: string;
  page: EnrollmentPage;
  onTryAgain: () => void;
}) {
  const styles = useStyles();
  const sdk = useSdk();
  const frameId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const container = useRef<HTMLDivElement>(null);
  const { status, failure, requestNonce } = useCardEntryFrame({
    container,
    scriptUrl: page.cardEntry.scriptUrl,
    businessId: page.cardEntry.businessId,
    applicationId: page.cardEntry.appId,
    height: CARD_FRAME_HEIGHT,
    displayZip: true,
    title: 'Card details',
  });
  const [step, setStep] = useState<Step>({ kind: 'entry' });
  const [busy, setBusy] = useState(false);
  const [frameError, setFrameError] = useState(false);
  const [signature, setSignature] = useState('');
  const [signatureError, setSignatureError] = useState<string | null>(null);

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
      const quote = await valueOf(sdk.api.call(enrollmentQuote, { body: { token, nonce: outcome.nonce } }));
      setStep({ kind: 'quoted', nonce: outcome.nonce, quote, key: crypto.randomUUID() });
    } catch {
      // the banner says why
    } finally {
      setBusy(false);
    }
  };

  const complete = async () => {
    if (step.kind !== 'quoted') return;
    if (signature.trim() === '') {
      setSignatureError('The signature is required.');
      return;
    }
    setSignatureError(null);
    setBusy(true);
    try {
      const result = await valueOf(
        sdk.api.call(completeEnrollment, {
          body: { token, nonce: step.nonce, signature: signature.trim() },
          idempotencyKey: step.key,
        }),
      );
      if (result.outcome && !result.outcome.isApproved) {
        setStep({ kind: 'declined', reason: result.outcome.reason });
      } else {
        setStep({
          kind: 'done',
          startDate: result.startDate,
          charged: result.outcome
            ? { total: result.outcome.total, transactionId: result.outcome.transactionId }
            : null,
        });
      }
    } catch {
      // the banner says why
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'done') {
    return (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>You are enrolled.</MessageBarTitle>
          {`Your membership with ${page.practiceName} starts on ${formatDate(step.startDate)}. `}
          {step.charged
            ? `${formatCurrency(step.charged.total)} was charged today${step.charged.transactionId ? ` (transaction ${step.charged.transactionId})` : ''}. `
            : 'Your card is charged on the start date. '}
          You can close this page.
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (step.kind === 'declined') {
    return (
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
        <div className={styles.actions}>
          <Button appearance="primary" disabled={busy || status !== 'ready'} onClick={() => void review()}>
            {busy ? <Spinner size="tiny" /> : 'Continue'}
          </Button>
        </div>
      ) : (
        <section aria-label="Your membership’s cost">
          <Lines
            rows={[
              ['Card', step.quote.description],
              [`Amount ${PER[page.cycle]}`, formatCurrency(step.quote.amount)],
              ...(step.quote.surchargeAmount > 0
                ? ([['Credit card surcharge', formatCurrency(step.quote.surchargeAmount)]] as [
                    string,
                    string,
                  ][])
                : []),
              [`Total ${PER[page.cycle]}`, formatCurrency(step.quote.total), true],
            ]}
          />
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
            <Button appearance="primary" disabled={busy} onClick={() => void complete()}>
              {busy ? <Spinner size="tiny" /> : 'Sign and Enroll'}
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

function Enrollment({ token, page }: { token: string; page: EnrollmentPage }) {
  const [attempt, setAttempt] = useState(0);
  return <EnrollForm key={attempt} token={token} page={page} onTryAgain={() => setAttempt((n) => n + 1)} />;
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

export default function PublicEnrollmentPage() {
  const styles = useStyles();
  const sdk = useSdk();
  const token = useParams().token ?? '';
  useDocumentTitle('Membership enrollment');
  const { data: page, error } = useSWR(
    token ? ['public/membershipEnrollment', token] : null,
    () => valueOf(sdk.api.call(enrollmentPage, { query: { token } })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );

  if (error) {
    return (
      <main className={styles.page}>
        <Title2 as="h1">Membership enrollment</Title2>
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>This enrollment link could not be opened.</MessageBarTitle>
            Check that the whole link was opened, or contact your dental practice.
          </MessageBarBody>
        </MessageBar>
      </main>
    );
  }
  if (!page) {
    return (
      <main className={styles.page}>
        <Spinner label="Loading your enrollment…" />
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
        {page.practiceName} has set up a {page.cycle === 'MONTHLY' ? 'monthly' : 'yearly'} membership for you,
        starting {formatDate(page.startDate)}. Review the plans, add a card and sign to enroll.
      </Body1>
      <Plans page={page} />
      <Lines rows={[[`Total ${PER[page.cycle]}`, formatCurrency(page.amount), true]]} />
      {page.status === 'OPEN' ? (
        <>
          {rate > 0 && (
            <Text className={styles.muted}>
              {`Credit cards carry a ${formatRate(rate)} surcharge (${formatCurrency(page.surcharge.creditSurchargeAmount)}, ${formatCurrency(page.surcharge.creditTotal)} ${PER[page.cycle]} in total). Debit cards carry none. You will see the exact amount before you sign.`}
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
          <Enrollment token={token} page={page} />
        </>
      ) : (
        <ClosedLink page={page} />
      )}
    </main>
  );
}
