/**
 * Settings › Patient links: how many days each kind of link a patient receives works after it was
 * sent (contract/patientLinks.ts): a payment request's, a membership enrolment's, a card request's.
 * A change applies at once to every link, those already sent included: shortening closes older links,
 * lengthening gives unpaid ones more time. An expired link's page asks the patient to ask for a new
 * one, which staff send from the request or the membership (Send New Link).
 */
import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import {
  DEFAULT_LINK_DAYS,
  LINK_DAYS_MAX,
  LINK_DAYS_MIN,
  type LinkExpirySettings,
} from '../../../embed-sdk/contract/patientLinks.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { Panel } from '../Panel.js';
import { useLinkExpiry } from './useLinkExpiry.js';

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  days: { width: '120px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

type Kind = keyof LinkExpirySettings;

const FIELDS: { kind: Kind; label: string; hint: string }[] = [
  {
    kind: 'paymentLinkDays',
    label: 'Payment links',
    hint: 'The link in a payment request and its reminders.',
  },
  {
    kind: 'enrollmentLinkDays',
    label: 'Enrollment links',
    hint: 'The link a patient completes a membership with.',
  },
  {
    kind: 'cardRequestLinkDays',
    label: 'Card request links',
    hint: 'The link a patient adds a card on file with.',
  },
];

type Texts = Record<Kind, string>;

const asTexts = (days: LinkExpirySettings): Texts => ({
  paymentLinkDays: String(days.paymentLinkDays),
  enrollmentLinkDays: String(days.enrollmentLinkDays),
  cardRequestLinkDays: String(days.cardRequestLinkDays),
});

/** What is wrong with a number of days as typed, in the contract's words; null when it is fine. */
function problemOf(label: string, text: string): string | null {
  const days = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(days)) return `${label} must be a whole number of days.`;
  if (days < LINK_DAYS_MIN) return `${label} must be at least ${LINK_DAYS_MIN} day.`;
  if (days > LINK_DAYS_MAX) return `${label} must be at most ${LINK_DAYS_MAX} days.`;
  return null;
}

export function LinkExpiryPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const { settings, save } = useLinkExpiry();
  const [texts, setTexts] = useState<Texts | null>(null);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  // The form starts from what the server has, once it has answered.
  useEffect(() => {
    if (settings.data && texts === null) setTexts(asTexts(settings.data));
  }, [settings.data, texts]);

  const problems = texts
    ? (Object.fromEntries(FIELDS.map((f) => [f.kind, problemOf(f.label, texts[f.kind])])) as Record<
        Kind,
        string | null
      >)
    : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!texts || !problems || Object.values(problems).some((p) => p !== null)) return;
    setSaving(true);
    try {
      await save({
        paymentLinkDays: Number(texts.paymentLinkDays),
        enrollmentLinkDays: Number(texts.enrollmentLinkDays),
        cardRequestLinkDays: Number(texts.cardRequestLinkDays),
      });
      notify({
        intent: 'success',
        title: 'Saved',
        message: 'Patient links now work for the days you set, those already sent included.',
      });
    } catch {
      // The SDK has shown what went wrong; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel title="Patient links">
      <Text className={styles.intro}>
        The links patients receive show their name and what they owe, so each works for a number of days after
        it was sent ({DEFAULT_LINK_DAYS} unless you change it, from {LINK_DAYS_MIN} to {LINK_DAYS_MAX}
        ). Then it asks the patient to ask you for a new one: Send New Link on the payment request or the
        membership sends it. A change applies to links already sent too.
      </Text>
      <ListState
        failed={!!settings.error}
        loading={texts === null && !settings.error}
        failedText="The link settings could not be loaded."
        loadingText="Loading the link settings…"
        size="small"
      >
        {texts && problems && (
          <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
            {FIELDS.map((f) => (
              <Field
                key={f.kind}
                label={`${f.label} work for (days)`}
                hint={f.hint}
                validationState={tried && problems[f.kind] ? 'error' : 'none'}
                validationMessage={tried ? (problems[f.kind] ?? undefined) : undefined}
              >
                <Input
                  className={styles.days}
                  type="number"
                  inputMode="numeric"
                  min={LINK_DAYS_MIN}
                  max={LINK_DAYS_MAX}
                  value={texts[f.kind]}
                  onChange={(_e, d) => setTexts({ ...texts, [f.kind]: d.value })}
                />
              </Field>
            ))}
            <div className={styles.actions}>
              <Button
                type="submit"
                appearance="primary"
                disabled={saving}
                icon={saving ? <Spinner size="extra-tiny" /> : undefined}
              >
                Save link settings
              </Button>
            </div>
          </form>
        )}
      </ListState>
    </Panel>
  );
}
