/**
 * Notification Management (`#/admin/notificationManagement`): what the operations team tells the people
 * using Chairside, as a banner at the top of their pages or an entry in their practice's bell, for
 * everyone, one practice or one person, now or at a time on the sandbox clock; withdrawn when wrong.
 */
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Field,
  Input,
  Link,
  makeStyles,
  Select,
  TableCell,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  adminAnnouncements,
  ANNOUNCEMENT_ICONS,
  ANNOUNCEMENT_STATES,
  ANNOUNCEMENT_TYPES,
  publishAnnouncement,
  TEXT_MAX,
  TITLE_MAX,
  withdrawAnnouncement,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementChannel,
  type AnnouncementIcon,
  type AnnouncementState,
} from '../../../embed-sdk/contract/announcements.js';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { DialogForm, FormDialog } from '../../../widgets/ui/FormDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { InputField, RadioField, TextareaField } from '../../../widgets/ui/formFields.js';
import { FilterBar } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { placeErrors } from '../adminForm.js';
import { PracticePicker, type ChosenPractice } from '../PracticePicker.js';
import { StatusPill } from '../StatusPill.js';
import { useAdminAction } from '../useAdminAction.js';

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  // The notice's words, wrapping: they are the point of the row.
  what: { width: '42%', paddingBlock: tokens.spacingVerticalS },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

const CHANNEL_LABELS: Record<AnnouncementChannel, string> = { BANNER: 'Banner', BELL: 'Bell' };
const TYPE_LABELS: Record<(typeof ANNOUNCEMENT_TYPES)[number], string> = {
  info: 'Information',
  success: 'Good news',
  warning: 'Warning',
  error: 'Problem',
};
const ICON_LABELS: Record<AnnouncementIcon, string> = {
  megaphone: 'Megaphone',
  wrench: 'Wrench (maintenance)',
  sparkle: 'Sparkle (something new)',
  shield: 'Shield (security)',
  calendar: 'Calendar (a date to keep)',
};
const STATE_PILLS: Record<AnnouncementState, { text: string; color: 'informative' | 'success' | 'subtle' }> =
  {
    SCHEDULED: { text: 'Scheduled', color: 'informative' },
    PUBLISHED: { text: 'Published', color: 'success' },
    WITHDRAWN: { text: 'Withdrawn', color: 'subtle' },
  };
const STATE_FILTER_LABELS: Record<AnnouncementState, string> = {
  SCHEDULED: 'Scheduled',
  PUBLISHED: 'Published',
  WITHDRAWN: 'Withdrawn',
};

function audienceText(a: Announcement) {
  if (a.audience === 'USER') return a.email ?? `Person ${a.userId}`;
  if (a.audience === 'PRACTICE') {
    return <Link href={`#/admin/company/${a.companyId}`}>{a.companyName ?? `Practice ${a.companyId}`}</Link>;
  }
  return a.channel === 'BELL' ? 'Every practice' : 'Everyone';
}

interface Draft {
  channel: AnnouncementChannel;
  audience: AnnouncementAudience;
  email: string;
  title: string;
  text: string;
  type: (typeof ANNOUNCEMENT_TYPES)[number];
  icon: AnnouncementIcon | '';
  url: string;
  when: 'NOW' | 'LATER';
  /** A datetime-local value, in the browser's time zone. */
  at: string;
}

type Box = 'email' | 'title' | 'text' | 'url' | 'at' | 'practice';
const BOXES: Record<string, { field: Box; label: string }> = {
  email: { field: 'email', label: 'E-mail' },
  title: { field: 'title', label: 'Title' },
  text: { field: 'text', label: 'Text' },
  url: { field: 'url', label: 'Read More link' },
  publishAt: { field: 'at', label: 'Time' },
  companyId: { field: 'practice', label: 'Practice' },
};

function NewNotificationDialog({ onClose, onDone }: { onClose(): void; onDone(a: Announcement): void }) {
  const styles = useStyles();
  const sdk = useSdk();
  const form = useForm<Draft>({
    defaultValues: {
      channel: 'BANNER',
      audience: 'EVERYONE',
      email: '',
      title: '',
      text: '',
      type: 'info',
      icon: '',
      url: '',
      when: 'NOW',
      at: '',
    },
  });
  const { control, formState, setError, setValue } = form;
  const [channel, audience, when] = useWatch({ control, name: ['channel', 'audience', 'when'] });
  // The bell belongs to a practice: a person chosen for a banner becomes one practice for the bell.
  useEffect(() => {
    if (channel === 'BELL' && audience === 'USER') setValue('audience', 'PRACTICE');
  }, [channel, audience, setValue]);
  const [practice, setPractice] = useState<ChosenPractice | null>(null);
  const [practiceError, setPracticeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (d) => {
    setFailure(null);
    setPracticeError(undefined);
    if (d.audience === 'PRACTICE' && !practice) {
      setPracticeError('Choose the practice.');
      return;
    }
    if (d.when === 'LATER' && !d.at) {
      setError('at', { type: 'required', message: 'Choose the time to publish it.' });
      return;
    }
    const banner = d.channel === 'BANNER';
    const body = {
      channel: d.channel,
      audience: d.audience,
      title: d.title,
      text: d.text,
      ...(d.audience === 'PRACTICE' && practice ? { companyId: practice.id } : {}),
      ...(d.audience === 'USER' ? { email: d.email } : {}),
      ...(banner ? { type: d.type } : {}),
      ...(banner && d.icon ? { icon: d.icon } : {}),
      ...(banner && d.url.trim() ? { url: d.url.trim() } : {}),
      ...(d.when === 'LATER' ? { publishAt: new Date(d.at).toISOString() } : {}),
    };
    try {
      onDone(await valueOf(sdk.api.call(publishAnnouncement, { noBanner: true, body })));
    } catch (error) {
      const placed = placeErrors(error, (path) => BOXES[path]);
      for (const [box, message] of Object.entries(placed.fields) as [Box, string][]) {
        if (box === 'practice') setPracticeError(message);
        else setError(box, { type: 'server', message });
      }
      setFailure(placed.other);
    }
  });

  return (
    <FormDialog open onClose={onClose} busy={formState.isSubmitting} unsaved={formState.isDirty}>
      <DialogForm
        title="New notification"
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={when === 'NOW' ? 'Publish' : 'Schedule'}
        submitting={formState.isSubmitting}
        contentClassName={styles.fields}
        error={<FormError message={failure} />}
      >
        <RadioField
          control={control}
          name="channel"
          label="Shown as"
          choices={{ BANNER: 'A banner on their pages', BELL: "An entry in the practice's bell" }}
        />
        <RadioField
          control={control}
          name="audience"
          label="For"
          choices={
            channel === 'BELL'
              ? { EVERYONE: 'Every practice', PRACTICE: 'One practice' }
              : { EVERYONE: 'Everyone', PRACTICE: 'One practice', USER: 'One person' }
          }
        />
        {audience === 'PRACTICE' ? (
          <PracticePicker
            value={practice}
            onChange={(p) => {
              setPractice(p);
              setPracticeError(undefined);
            }}
            error={practiceError}
          />
        ) : null}
        {audience === 'USER' && channel === 'BANNER' ? (
          <InputField
            control={control}
            name="email"
            label="The person's e-mail"
            type="email"
            required
            hint="The address they sign in with. They see it in every practice they work in."
          />
        ) : null}
        <InputField control={control} name="title" label="Title" required maxLength={TITLE_MAX} />
        <TextareaField
          control={control}
          name="text"
          label="Text"
          required
          maxLength={TEXT_MAX}
          resize="vertical"
        />
        {channel === 'BANNER' ? (
          <>
            <div className={styles.pair}>
              <Field label="Type">
                <Select
                  value={form.watch('type')}
                  onChange={(_e, data) =>
                    setValue('type', data.value as Draft['type'], { shouldDirty: true })
                  }
                >
                  {ANNOUNCEMENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Icon">
                <Select
                  value={form.watch('icon')}
                  onChange={(_e, data) =>
                    setValue('icon', data.value as Draft['icon'], { shouldDirty: true })
                  }
                >
                  <option value="">The type's own</option>
                  {ANNOUNCEMENT_ICONS.map((i) => (
                    <option key={i} value={i}>
                      {ICON_LABELS[i]}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <InputField
              control={control}
              name="url"
              label="Read More link"
              type="url"
              placeholder="https://"
              hint="Optional: a page that tells more."
            />
          </>
        ) : null}
        <RadioField
          control={control}
          name="when"
          label="Publish"
          choices={{ NOW: 'Now', LATER: 'At a time' }}
        />
        {when === 'LATER' ? (
          <Field
            label="Time"
            required
            hint={`On the sandbox clock, which reads ${formatDateTime(sdk.now().toISOString())} now.`}
            validationState={formState.errors.at ? 'error' : 'none'}
            validationMessage={formState.errors.at?.message}
          >
            <Input
              type="datetime-local"
              value={form.watch('at')}
              onChange={(_e, data) => setValue('at', data.value, { shouldDirty: true })}
            />
          </Field>
        ) : null}
      </DialogForm>
    </FormDialog>
  );
}

export default function NotificationsPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const [params, setParams] = useSearchParams();
  const state = ANNOUNCEMENT_STATES.find((s) => s === params.get('state'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const show = (next: { state?: AnnouncementState | undefined; page?: number }) => {
    const merged = { state, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.state) search.set('state', merged.state);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };
  const [writing, setWriting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Announcement | null>(null);

  const { data, error, isLoading, mutate } = useSWR(
    ['admin/notifications', state, page],
    () => valueOf(sdk.api.call(adminAnnouncements, { query: { page, ...(state ? { state } : {}) } })),
    // A scheduled notification turns published on the sandbox's clock, not on a click here.
    { keepPreviousData: true, refreshInterval: 15_000, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const { busy, act } = useAdminAction(mutate);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Notification Management"
        description={
          <span className={styles.header}>
            <span>
              What the people using Chairside are told: a banner at the top of their pages, or an entry in
              their practice&apos;s bell.
            </span>
            <Button appearance="primary" onClick={() => setWriting(true)}>
              New notification
            </Button>
          </span>
        }
      />
      <FilterBar label="Filter notifications">
        <Field label="Show">
          <Select
            value={state ?? ''}
            onChange={(_e, d) => show({ state: (d.value || undefined) as AnnouncementState | undefined })}
          >
            <option value="">All</option>
            {ANNOUNCEMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_FILTER_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
      </FilterBar>
      <ListFrame<Announcement>
        variant="page"
        label="Notifications"
        rows={data?.notifications ?? []}
        failed={!!error && !data}
        loading={!data && !error}
        stale={isLoading}
        failedText="The notifications could not be loaded."
        loadingText="Loading notifications…"
        onRetry={() => void mutate()}
        emptyText={
          state
            ? `No notification is ${STATE_FILTER_LABELS[state].toLowerCase()}.`
            : 'No notification was written yet.'
        }
        header={
          <>
            <TableHeaderCell className={columns.nowrap}>When</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Shown as</TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>For</TableHeaderCell>
            <TableHeaderCell className={styles.what}>Notification</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>State</TableHeaderCell>
            <TableHeaderCell className={columns.fit}>Action</TableHeaderCell>
          </>
        }
        renderRow={(a) => (
          <TableRow key={a.id} data-notification={a.id}>
            <TableCell className={columns.nowrap}>{formatDateTime(a.publishedAt ?? a.publishAt)}</TableCell>
            <TableCell className={columns.nowrap}>{CHANNEL_LABELS[a.channel]}</TableCell>
            <TableCell className={columns.elastic}>{audienceText(a)}</TableCell>
            <TableCell className={styles.what}>
              <div className={styles.stack}>
                <strong>{a.title}</strong>
                <span className={styles.muted}>{a.text}</span>
                <span className={styles.muted}>By {a.createdBy}</span>
              </div>
            </TableCell>
            <TableCell className={columns.nowrap}>
              <div className={styles.stack}>
                <StatusPill pill={STATE_PILLS[a.state]} />
                {a.state === 'PUBLISHED' && a.dismissals !== null ? (
                  <span className={styles.muted}>
                    {a.dismissals === 0 ? 'Not dismissed yet' : `Dismissed by ${a.dismissals}`}
                  </span>
                ) : null}
              </div>
            </TableCell>
            <TableCell className={columns.fit}>
              {a.state === 'WITHDRAWN' ? null : (
                <Button
                  size="small"
                  disabled={busy !== null}
                  aria-label={`Withdraw ${a.title}`}
                  onClick={() => setWithdrawing(a)}
                >
                  Withdraw
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
        pager={{
          page,
          totalCount: data?.totalCount ?? 0,
          noun: 'notification',
          onPage: (p) => show({ page: p }),
        }}
      />
      {writing ? (
        <NewNotificationDialog
          onClose={() => setWriting(false)}
          onDone={(a) => {
            setWriting(false);
            void act(
              'written',
              async () => undefined,
              a.state === 'PUBLISHED' ? 'Published' : 'Scheduled',
              a.state === 'PUBLISHED'
                ? a.title
                : `${a.title}: published at ${formatDateTime(a.publishAt)} on the sandbox clock.`,
            );
          }}
        />
      ) : null}
      <ConfirmDialog
        open={withdrawing !== null}
        title={`Withdraw "${withdrawing?.title ?? ''}"?`}
        message={
          withdrawing?.state === 'SCHEDULED'
            ? 'It will not be published.'
            : withdrawing?.channel === 'BELL'
              ? 'It leaves the bell of every practice it was sent to.'
              : 'Its banner leaves every page at once, for everyone it was shown to.'
        }
        confirmLabel="Withdraw"
        danger
        busy={busy === 'withdraw'}
        onConfirm={() => {
          const a = withdrawing!;
          void act(
            'withdraw',
            async () => {
              await valueOf(sdk.api.call(withdrawAnnouncement, { body: { id: a.id } }));
              setWithdrawing(null);
            },
            'Withdrawn',
            a.title,
          );
        }}
        onCancel={() => setWithdrawing(null)}
      />
    </>
  );
}
