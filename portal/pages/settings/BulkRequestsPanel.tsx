/**
 * Settings › Bulk payment requests: many patients each get a payment request in one action. Choose
 * who (everyone with a balance in the practice system, or a list pasted from it), review how many
 * and how much with an optional message, then send; the send's progress and then its summary
 * (what was sent, what failed and why) follow below (BulkRunProgress). A pasted list is read as it
 * will be on the server (rules/bulkRequestList.ts): a line that cannot be sent is named with its
 * number before anything is asked of the server. The review keeps one Idempotency-Key, so a second
 * click on Send answers the same send.
 */
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { BulkPreview, BulkSource } from '../../../embed-sdk/contract/bulkRequests.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import {
  parseBulkRequestList,
  problemText,
  type BulkListProblem,
} from '../../../embed-sdk/rules/bulkRequestList.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { Panel } from '../Panel.js';
import { BulkRunProgress } from './BulkRunProgress.js';
import { useBulkRequests, type BulkRecipients } from './useBulkRequests.js';

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  body: { display: 'grid', gap: tokens.spacingVerticalL },
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  list: { fontFamily: tokens.fontFamilyMonospace },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  totals: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  amount: { textAlign: 'right', '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' } },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** How many of the reviewed patients are listed by name (the count and total cover them all). */
const SHOWN = 10;

interface Review {
  recipients: BulkRecipients;
  preview: BulkPreview;
  /** One key per review: Send clicked twice sends once. */
  key: string;
}

function ProblemList({ title, problems }: { title: string; problems: readonly BulkListProblem[] }) {
  const styles = useStyles();
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <Text weight="semibold">{title}</Text>
        <ul className={styles.problems} aria-label="Lines that cannot be sent">
          {problems.map((p) => (
            <li key={`${p.line}:${p.reason}`}>{problemText(p)}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

function ReviewTable({ preview }: { preview: BulkPreview }) {
  const styles = useStyles();
  const more = preview.count - SHOWN;
  return (
    <>
      <Table size="small" aria-label="Patients to send to">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Patient</TableHeaderCell>
            <TableHeaderCell className={styles.amount}>Amount</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.patients.slice(0, SHOWN).map((p) => (
            <TableRow key={p.patNum}>
              <TableCell>{`${p.name} (#${p.patNum})`}</TableCell>
              <TableCell className={styles.amount}>{formatCurrency(p.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {more > 0 ? <Text className={styles.muted}>{`and ${more} more`}</Text> : null}
    </>
  );
}

export function BulkRequestsPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const { run, preview, send } = useBulkRequests();
  const [source, setSource] = useState<BulkSource>('BALANCES');
  const [list, setList] = useState('');
  const [tried, setTried] = useState(false);
  const [review, setReview] = useState<Review | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const parsed = source === 'LIST' ? parseBulkRequestList(list) : null;
  const listProblem =
    parsed && parsed.problems.length === 0 && parsed.lines.length === 0
      ? 'Paste at least one patient.'
      : null;
  const messageProblem = message.trim().length > 500 ? 'The message can be at most 500 characters.' : null;

  async function toReview() {
    setTried(true);
    if (parsed && (parsed.problems.length > 0 || listProblem)) return;
    const recipients = { source, list: source === 'LIST' ? list : '' };
    setBusy(true);
    try {
      setReview({ recipients, preview: await preview(recipients), key: crypto.randomUUID() });
    } catch {
      // The SDK has shown what went wrong; the choice stays as it was.
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    if (!review || messageProblem) return;
    setBusy(true);
    try {
      const started = await send({ ...review.recipients, message: message.trim() }, review.key);
      notify({
        intent: 'success',
        title: 'Sending',
        message: `${started.count} payment requests are on their way; the progress shows below.`,
      });
      setReview(null);
      setList('');
      setMessage('');
      setTried(false);
    } catch {
      // The SDK has shown what went wrong; the review stays, and Send again uses the same key.
    } finally {
      setBusy(false);
    }
  }

  const reviewed = review?.preview;
  const canSend = !!reviewed && reviewed.count > 0 && reviewed.problems.length === 0 && !messageProblem;

  return (
    <Panel title="Bulk payment requests">
      <Text className={styles.intro}>
        Send each of many patients a payment request in one action: the same text message and e-mail, with
        their own link, as a single request. A patient with neither a mobile number nor an e-mail address is
        listed as failed. Sending the same patients again within a day skips those whose same request is still
        unpaid.
      </Text>
      <div className={styles.body}>
        {review === null ? (
          <div className={styles.form}>
            <Field label="Who gets a request">
              <RadioGroup value={source} onChange={(_e, d) => setSource(d.value as BulkSource)}>
                <Radio value="BALANCES" label="Everyone with a balance in the practice system" />
                <Radio value="LIST" label="A list pasted from the practice system" />
              </RadioGroup>
            </Field>
            {source === 'LIST' ? (
              <Field
                label="Patients, one a line: patient number and amount"
                hint='For example "1043, 125.00". A comma, a semicolon, a tab or a space separates them; a header line is skipped.'
                validationState={tried && listProblem ? 'error' : 'none'}
                validationMessage={tried ? (listProblem ?? undefined) : undefined}
              >
                <Textarea
                  className={styles.list}
                  resize="vertical"
                  rows={8}
                  value={list}
                  onChange={(_e, d) => setList(d.value)}
                />
              </Field>
            ) : null}
            {tried && parsed && parsed.problems.length > 0 ? (
              <ProblemList
                title="These lines cannot be sent; correct them first:"
                problems={parsed.problems}
              />
            ) : null}
            <div className={styles.actions}>
              <Button
                appearance="primary"
                disabled={busy}
                icon={busy ? <Spinner size="extra-tiny" /> : undefined}
                onClick={() => void toReview()}
              >
                Review
              </Button>
            </div>
          </div>
        ) : (
          <div className={styles.form} aria-label="Review">
            <Text className={styles.totals}>
              {`${reviewed!.count} ${reviewed!.count === 1 ? 'patient' : 'patients'}, ${formatCurrency(reviewed!.total)} in all`}
            </Text>
            {reviewed!.problems.length > 0 ? (
              <ProblemList
                title="These patients are not in the practice system; correct the list first:"
                problems={reviewed!.problems}
              />
            ) : null}
            {reviewed!.count === 0 ? (
              <Text className={styles.muted}>No patient has a balance in the practice system.</Text>
            ) : (
              <ReviewTable preview={reviewed!} />
            )}
            <Field
              label="Message (optional)"
              hint="Sent with each request."
              validationState={messageProblem ? 'error' : 'none'}
              validationMessage={messageProblem ?? undefined}
            >
              <Textarea resize="vertical" value={message} onChange={(_e, d) => setMessage(d.value)} />
            </Field>
            <div className={styles.actions}>
              <Button
                appearance="primary"
                disabled={!canSend || busy}
                icon={busy ? <Spinner size="extra-tiny" /> : undefined}
                onClick={() => void submit()}
              >
                {`Send ${reviewed!.count} ${reviewed!.count === 1 ? 'request' : 'requests'}`}
              </Button>
              <Button disabled={busy} onClick={() => setReview(null)}>
                Back
              </Button>
            </div>
          </div>
        )}
        {run ? <BulkRunProgress run={run} /> : null}
      </div>
    </Panel>
  );
}
