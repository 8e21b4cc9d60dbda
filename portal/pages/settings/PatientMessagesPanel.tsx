/**
 * Settings › Patient messages: the practice's own wording of the texts and e-mails its patients
 * receive, one kind at a time (a payment request, its reminder, a card request, a receipt, a
 * membership enrollment), with a preview beside it that follows every keystroke: the templates
 * rendered with a demo patient, and the number of SMS segments a long text is sent as. The rules a
 * template must meet are the server's own (embed-sdk/rules/messageTemplates.ts), shown as you type;
 * Save sends the kind's text and e-mail together, Restore Default goes back to the product's wording.
 */
import {
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  Spinner,
  Tab,
  TabList,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import type { PatientMessageTemplate } from '../../../embed-sdk/contract/messageTemplates.js';
import {
  DEFAULT_TEMPLATES,
  MESSAGE_KINDS,
  MESSAGE_KIND_RULES,
  templateFieldProblem,
  templateProblem,
  type MessageKind,
  type MessageTemplate,
  type TemplateField,
} from '../../../embed-sdk/rules/messageTemplates.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { useSession } from '../../session/SessionContext.js';
import { Panel } from '../Panel.js';
import { demoValues, previewOf, segmentsNote } from './messagePreview.js';
import { useMessageTemplates } from './useMessageTemplates.js';

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  kinds: { marginBottom: tokens.spacingVerticalM, flexWrap: 'wrap' },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  preview: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    minWidth: 0,
  },
  previewTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  bubble: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  letter: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  subject: { display: 'block', fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** What staff should know of the parts of each kind's messages that are not theirs to word. */
const AROUND: Record<MessageKind, string> = {
  PAYMENT_REQUEST:
    'A note written on the request is quoted before the line with the link. Send New Link sends this wording too.',
  PAYMENT_REMINDER: 'A note written on the request is quoted in the e-mail before the line with the link.',
  CARD_REQUEST: '',
  RECEIPT:
    'The date, how it was paid, any card surcharge and the transaction ID follow (the default wording says the date in its thanks).',
  MEMBERSHIP_NOTICE: 'Sent when a membership is sent by link, and again with its reminders and new links.',
};

const asTemplate = (t: PatientMessageTemplate): MessageTemplate => ({
  text: t.text,
  emailSubject: t.emailSubject,
  emailBody: t.emailBody,
});

const sameTemplate = (a: MessageTemplate, b: MessageTemplate) =>
  a.text === b.text && a.emailSubject === b.emailSubject && a.emailBody === b.emailBody;

export function PatientMessagesPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const { session } = useSession();
  const { templates, save, restore } = useMessageTemplates();
  const [kind, setKind] = useState<MessageKind>('PAYMENT_REQUEST');
  // What is being edited, per kind: switching kinds keeps what was typed.
  const [drafts, setDrafts] = useState<Partial<Record<MessageKind, MessageTemplate>> | null>(null);
  const [busy, setBusy] = useState<'save' | 'restore' | null>(null);

  // The drafts start from what the server has, once it has answered.
  useEffect(() => {
    if (templates.data && drafts === null)
      setDrafts(Object.fromEntries(templates.data.templates.map((t) => [t.kind, asTemplate(t)])));
  }, [templates.data, drafts]);

  const saved = templates.data?.templates.find((t) => t.kind === kind);
  const draft = drafts?.[kind];
  const rules = MESSAGE_KIND_RULES[kind];

  function edit(field: TemplateField, value: string) {
    if (!draft) return;
    setDrafts({ ...drafts, [kind]: { ...draft, [field]: value } });
  }

  const problemOf = (field: TemplateField) =>
    draft ? templateFieldProblem(kind, field, draft[field] ?? '') : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || templateProblem(kind, draft)) return;
    setBusy('save');
    try {
      const value = await save({ kind, ...draft });
      setDrafts((d) => ({ ...d, [kind]: asTemplate(value) }));
      notify({
        intent: 'success',
        title: 'Saved',
        message: `Every ${rules.label.toLowerCase()} is sent in your wording from now on.`,
      });
    } catch {
      // The SDK has shown what went wrong; the form keeps what was typed.
    } finally {
      setBusy(null);
    }
  }

  async function restoreDefault() {
    setBusy('restore');
    try {
      const value = await restore(kind);
      setDrafts((d) => ({ ...d, [kind]: asTemplate(value) }));
      notify({
        intent: 'success',
        title: 'Saved',
        message: `${rules.label} messages are sent in the default wording again.`,
      });
    } catch {
      // The SDK has shown what went wrong.
    } finally {
      setBusy(null);
    }
  }

  const preview = draft
    ? previewOf(draft, demoValues(kind, session.companyName, window.location.origin))
    : null;
  const atDefault = draft ? saved?.isDefault === true && sameTemplate(draft, DEFAULT_TEMPLATES[kind]) : true;
  const field = (name: TemplateField) => {
    const problem = problemOf(name);
    return {
      validationState: problem ? ('error' as const) : ('none' as const),
      validationMessage: problem ?? undefined,
    };
  };

  return (
    <Panel title="Patient messages">
      <Text className={styles.intro}>
        The texts and e-mails your patients receive, in your words. Write {'{firstName}'}, {'{practiceName}'},{' '}
        {'{amount}'} and {'{link}'} where the patient’s first name, your practice’s name, the amount and their
        link go; a message that sends a link must say where. Every e-mail ends with how to reach the practice.
      </Text>
      <ListState
        failed={!!templates.error}
        loading={!draft && !templates.error}
        failedText="The message templates could not be loaded."
        loadingText="Loading the message templates…"
        size="small"
      >
        {draft && preview && (
          <>
            <TabList
              className={styles.kinds}
              size="small"
              selectedValue={kind}
              onTabSelect={(_e, d) => setKind(d.value as MessageKind)}
              aria-label="Message"
            >
              {MESSAGE_KINDS.map((k) => (
                <Tab key={k} value={k}>
                  {MESSAGE_KIND_RULES[k].label}
                </Tab>
              ))}
            </TabList>
            <div className={styles.layout}>
              <form
                className={styles.form}
                onSubmit={(e) => void submit(e)}
                noValidate
                aria-label={`${rules.label} templates`}
              >
                {draft.text !== null && (
                  <Field label="Text message" {...field('text')}>
                    <Textarea
                      value={draft.text}
                      resize="vertical"
                      rows={3}
                      onChange={(_e, d) => edit('text', d.value)}
                    />
                  </Field>
                )}
                <Field label="E-mail subject" {...field('emailSubject')}>
                  <Input value={draft.emailSubject} onChange={(_e, d) => edit('emailSubject', d.value)} />
                </Field>
                <Field label="E-mail body" hint={AROUND[kind] || undefined} {...field('emailBody')}>
                  <Textarea
                    value={draft.emailBody}
                    resize="vertical"
                    rows={8}
                    onChange={(_e, d) => edit('emailBody', d.value)}
                  />
                </Field>
                <div className={styles.actions}>
                  <Button
                    type="submit"
                    appearance="primary"
                    disabled={busy !== null}
                    icon={busy === 'save' ? <Spinner size="extra-tiny" /> : undefined}
                  >
                    Save {rules.label.toLowerCase()}
                  </Button>
                  <Button
                    disabled={busy !== null || atDefault}
                    icon={busy === 'restore' ? <Spinner size="extra-tiny" /> : undefined}
                    onClick={() => void restoreDefault()}
                  >
                    Restore default
                  </Button>
                </div>
                <Caption1 className={styles.muted}>
                  {saved?.isDefault
                    ? 'You are using the default wording.'
                    : `Your own wording, saved ${new Date(saved!.updated!).toLocaleString()}.`}
                </Caption1>
              </form>
              <section className={styles.preview} aria-label="Preview">
                <h3 className={styles.previewTitle}>Preview for Maria</h3>
                {preview.text && (
                  <div>
                    <Caption1 className={styles.muted}>Text message</Caption1>
                    <div className={styles.bubble} data-testid="text-preview">
                      {preview.text.body}
                    </div>
                    <Caption1 className={styles.muted}>{segmentsNote(preview.text.segments)}</Caption1>
                  </div>
                )}
                <div>
                  <Caption1 className={styles.muted}>E-mail</Caption1>
                  <div className={styles.letter} data-testid="email-preview">
                    <Text className={styles.subject}>{preview.email.subject}</Text>
                    {preview.email.body}
                  </div>
                </div>
              </section>
            </div>
          </>
        )}
      </ListState>
    </Panel>
  );
}
