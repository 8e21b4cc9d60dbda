/**
 * The sandbox's outbox (route `outbox`; `/sandbox/outbox` leads here): the texts and e-mails the
 * sandbox "sent" to patients, newest first, with their recipient, message and link. A person sees
 * their current practice's; an administrator sees every practice's. Only http(s) links become
 * anchors; everything else is text.
 */
import {
  Badge,
  Button,
  Link,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { OutboxMessage } from '../../../embed-sdk/contract/sandbox.js';
import { formatDateTime, formatPhone } from '../../../embed-sdk/format/index.js';
import { useSession } from '../../session/SessionContext.js';
import { ListScroll, ListState } from '../../../widgets/ui/ListFrame.js';
import { PageHeader } from '../PageHeader.js';
import { useOutbox } from './useOutbox.js';

const useStyles = makeStyles({
  table: { minWidth: '900px' },
  // A long e-mail beside one-line cells: everything reads from the row's top.
  row: {
    '& > td': {
      verticalAlign: 'top',
      paddingTop: tokens.spacingVerticalS,
      paddingBottom: tokens.spacingVerticalS,
    },
  },
  when: { whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  message: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: '32ch', maxWidth: '60ch' },
  link: { overflowWrap: 'anywhere' },
  bcc: { display: 'block', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  empty: { padding: tokens.spacingVerticalXL, color: tokens.colorNeutralForeground2 },
});

function messageText(m: OutboxMessage): string {
  return m.subject ? `Subject: ${m.subject}\n\n${m.body}` : m.body;
}

function LinkCell({ link }: { link: string | null }) {
  const styles = useStyles();
  if (!link) return null;
  if (!/^https?:\/\//i.test(link)) return <>{link}</>;
  return (
    <Link href={link} rel="noreferrer" className={styles.link}>
      {link}
    </Link>
  );
}

export default function OutboxPage() {
  const styles = useStyles();
  const { session } = useSession();
  const { data, error, isLoading, isValidating, mutate } = useOutbox();
  const whose = session.isAdmin
    ? 'Every practice’s messages: you are an administrator.'
    : `${session.companyName}’s messages.`;
  return (
    <>
      <PageHeader
        title="Outbox"
        eyebrow="Sandbox"
        description={`Texts and e-mails the sandbox sent to patients, newest first. Nothing leaves this machine. ${whose}`}
        actions={
          <Button icon={<ArrowClockwiseRegular />} disabled={isValidating} onClick={() => void mutate()}>
            Refresh
          </Button>
        }
      />
      <ListState
        failed={!!error}
        loading={isLoading && !data}
        failedText="The outbox could not be loaded."
        loadingText="Loading the outbox…"
      >
        <ListScroll stale={isValidating && !!data}>
          <Table aria-label="Messages sent" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Sent</TableHeaderCell>
                <TableHeaderCell>Practice</TableHeaderCell>
                <TableHeaderCell>Channel</TableHeaderCell>
                <TableHeaderCell>Recipient</TableHeaderCell>
                <TableHeaderCell>Message</TableHeaderCell>
                <TableHeaderCell>Link</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(data?.messages ?? []).map((m) => (
                <TableRow key={m.id} className={styles.row}>
                  <TableCell className={styles.when}>{formatDateTime(m.created)}</TableCell>
                  <TableCell>{m.practiceName ?? ''}</TableCell>
                  <TableCell>
                    <Badge appearance="outline" color="informative">
                      {m.channel === 'SMS' ? 'Text' : 'E-mail'}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {m.channel === 'SMS' ? formatPhone(m.recipient) : m.recipient}
                    {m.bcc ? <span className={styles.bcc}>BCC {m.bcc}</span> : null}
                  </TableCell>
                  <TableCell className={styles.message}>{messageText(m)}</TableCell>
                  <TableCell>
                    <LinkCell link={m.link} />
                  </TableCell>
                </TableRow>
              ))}
              {data && data.messages.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className={styles.empty}>
                    Nothing has been sent yet.
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </ListScroll>
      </ListState>
    </>
  );
}
