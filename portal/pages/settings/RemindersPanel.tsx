/**
 * Settings › Automatic reminders: the days after a payment request's link was sent on which its
 * patient is reminded, if it is still unpaid (contract/reminders.ts), and the quiet hours in the
 * practice's time zone when nothing is sent. A reminder the practice's schedule sends is the one
 * Send Reminder sends: it shows in the request's reminder history and in the outbox.
 */
import { Button, Field, Input, makeStyles, Spinner, Switch, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import {
  REMINDER_DAY_MAX,
  REMINDER_DAY_MIN,
  REMINDER_STEPS_MAX,
} from '../../../embed-sdk/contract/reminders.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { Panel } from '../Panel.js';
import {
  readReminderForm,
  scheduleSummary,
  textsOf,
  timeZoneLabel,
  type ReminderFormTexts,
} from './reminderScheduleForm.js';
import { useReminderSchedule } from './useReminderSchedule.js';

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  summary: { display: 'block', marginBottom: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '560px' },
  days: { maxWidth: '240px' },
  window: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  time: { width: '140px' },
  zone: { alignSelf: 'center', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

export function RemindersPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const { schedule, save } = useReminderSchedule();
  const [texts, setTexts] = useState<ReminderFormTexts | null>(null);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  // The form starts from what the server has, once it has answered.
  useEffect(() => {
    if (schedule.data && texts === null) setTexts(textsOf(schedule.data));
  }, [schedule.data, texts]);

  const read = texts ? readReminderForm(texts) : null;
  const problems = tried ? (read?.problems ?? {}) : {};
  const zone = schedule.data ? timeZoneLabel(schedule.data.timeZone) : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!read?.input) return;
    setSaving(true);
    try {
      await save(read.input);
      notify({
        intent: 'success',
        title: 'Saved',
        message:
          read.input.days.length === 0
            ? 'Automatic reminders are off.'
            : 'Unpaid payment requests are now reminded on the days you set.',
      });
    } catch {
      // The SDK has shown what went wrong; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof typeof problems) => ({
    validationState: problems[name] ? ('error' as const) : ('none' as const),
    validationMessage: problems[name],
  });

  return (
    <Panel title="Automatic reminders">
      <Text className={styles.intro}>
        Remind patients of unpaid payment requests on their own, on the days you choose after the request’s
        link was sent. Each reminder is the one Send Reminder sends, and shows in the request’s reminder
        history. None goes once the request is paid or cancelled, or once its link has expired. When several
        days pass at once, only the latest is sent.
      </Text>
      <ListState
        failed={!!schedule.error}
        loading={texts === null && !schedule.error}
        failedText="The reminder settings could not be loaded."
        loadingText="Loading the reminder settings…"
        size="small"
      >
        {texts && schedule.data && (
          <>
            <Text className={styles.summary} weight="semibold">
              {scheduleSummary(schedule.data)}
            </Text>
            <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
              <Field
                label="Remind on these days after the request was sent"
                hint={`Whole days, in order, separated by commas (2, 5, 10): at most ${REMINDER_STEPS_MAX}, each from ${REMINDER_DAY_MIN} to ${REMINDER_DAY_MAX}. Leave it empty to turn automatic reminders off.`}
                {...field('days')}
              >
                <Input
                  className={styles.days}
                  inputMode="numeric"
                  placeholder="Off"
                  value={texts.days}
                  onChange={(_e, d) => setTexts({ ...texts, days: d.value })}
                />
              </Field>
              <Switch
                label="Quiet hours: send nothing during these hours"
                checked={texts.quiet}
                onChange={(_e, d) => setTexts({ ...texts, quiet: d.checked })}
              />
              {texts.quiet && (
                <div className={styles.window} role="group" aria-label="Quiet hours">
                  <Field label="From" {...field('start')}>
                    <Input
                      className={styles.time}
                      type="time"
                      value={texts.start}
                      onChange={(_e, d) => setTexts({ ...texts, start: d.value })}
                    />
                  </Field>
                  <Field label="Until" {...field('end')}>
                    <Input
                      className={styles.time}
                      type="time"
                      value={texts.end}
                      onChange={(_e, d) => setTexts({ ...texts, end: d.value })}
                    />
                  </Field>
                  <Text className={styles.zone}>
                    Times in {zone}. A window may run past midnight; a reminder due in it goes when it ends.
                  </Text>
                </div>
              )}
              <div className={styles.actions}>
                <Button
                  type="submit"
                  appearance="primary"
                  disabled={saving}
                  icon={saving ? <Spinner size="extra-tiny" /> : undefined}
                >
                  Save reminders
                </Button>
              </div>
            </form>
          </>
        )}
      </ListState>
    </Panel>
  );
}
