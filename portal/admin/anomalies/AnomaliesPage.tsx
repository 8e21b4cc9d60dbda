/**
 * Anomalies (`#/admin/anomalies`): what the platform's checks found across every practice that needs
 * a person (a payment not posted, a card charged twice, a plan left past due with its reminders
 * paused, a membership billing a retired plan), each with its practice and record, resolved with a
 * note that the audit log keeps; the checks run on their own and on demand.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Field,
  Link,
  makeStyles,
  Select,
  TableCell,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  adminAnomalies,
  ANOMALY_KINDS,
  ANOMALY_STATES,
  ANOMALY_TITLES,
  resolveAnomaly,
  runAnomalyChecks,
  type Anomaly,
  type AnomalyKind,
  type AnomalyState,
} from '../../../embed-sdk/contract/anomalies.js';
import { formatDateTime, relativeTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { DialogForm, FormDialog } from '../../../widgets/ui/FormDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { TextareaField } from '../../../widgets/ui/formFields.js';
import { FilterBar } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { patientRoute } from '../../../widgets/ui/portalRoutes.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { useSession } from '../../session/SessionContext.js';
import { placeErrors } from '../adminForm.js';
import { useAdminAction } from '../useAdminAction.js';

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // The check and what it found, wrapping: the sentence is the point of the row.
  what: { width: '48%', paddingBlock: tokens.spacingVerticalS },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

function ResolveDialog({
  anomaly,
  onClose,
  onResolved,
}: {
  anomaly: Anomaly;
  onClose(): void;
  onResolved(a: Anomaly): void;
}) {
  const styles = useStyles();
  const sdk = useSdk();
  const form = useForm<{ note: string }>({ defaultValues: { note: '' } });
  const { control, formState, setError } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ note }) => {
    setFailure(null);
    if (note.trim() === '') {
      setError('note', {
        type: 'required',
        message: 'Say what was done: the note is kept in the audit log.',
      });
      return;
    }
    try {
      onResolved(
        await valueOf(sdk.api.call(resolveAnomaly, { noBanner: true, body: { id: anomaly.id, note } })),
      );
    } catch (error) {
      const placed = placeErrors(error, (path) =>
        path === 'note' ? { field: 'note', label: 'Note' } : undefined,
      );
      if (placed.fields.note) setError('note', { type: 'server', message: placed.fields.note });
      setFailure(placed.other);
    }
  });
  return (
    <FormDialog open onClose={onClose} busy={formState.isSubmitting} unsaved={formState.isDirty}>
      <DialogForm
        title="Resolve the anomaly"
        onSubmit={submit}
        onCancel={onClose}
        submitLabel="Resolve"
        submitting={formState.isSubmitting}
        contentClassName={styles.fields}
        error={<FormError message={failure} />}
      >
        <p>
          {ANOMALY_TITLES[anomaly.kind]} · {anomaly.companyName} · {anomaly.recordLabel}
          <br />
          <span className={styles.muted}>{anomaly.summary}</span>
        </p>
        <TextareaField
          control={control}
          name="note"
          label="What was done"
          required
          maxLength={1000}
          hint="Kept in the audit log with your name."
        />
      </DialogForm>
    </FormDialog>
  );
}

export default function AnomaliesPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const state: AnomalyState = ANOMALY_STATES.find((s) => s === params.get('state')) ?? 'OPEN';
  const kind = ANOMALY_KINDS.find((k) => k === params.get('kind'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const show = (next: { state?: AnomalyState; kind?: AnomalyKind | undefined; page?: number }) => {
    const merged = { state, kind, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.state !== 'OPEN') search.set('state', merged.state);
    if (merged.kind) search.set('kind', merged.kind);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };
  const [resolving, setResolving] = useState<Anomaly | null>(null);

  const { data, error, isLoading, mutate } = useSWR(
    ['admin/anomalies', state, kind, page],
    () => valueOf(sdk.api.call(adminAnomalies, { query: { state, page, ...(kind ? { kind } : {}) } })),
    { keepPreviousData: true, refreshInterval: 15_000, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const { busy, act } = useAdminAction(mutate);
  const [checked, setChecked] = useState<string>('');

  const recordCell = (a: Anomaly) =>
    a.companyId === session.companyId && a.customerId !== null ? (
      <Link href={`#${patientRoute(a.customerId, null)}`}>{a.recordLabel}</Link>
    ) : (
      <span title={`In ${a.companyName}: switch to that practice to open the patient's page.`}>
        {a.recordLabel}
      </span>
    );

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Anomalies"
        description={
          <span className={styles.header}>
            <span>
              What the checks found that needs a person, across every practice.{' '}
              {data?.checkedAt
                ? `Last checked ${relativeTime(data.checkedAt, sdk.now())}.`
                : 'The checks have not run yet.'}{' '}
              {checked}
            </span>
            <Button
              disabled={busy !== null}
              onClick={() =>
                void act(
                  'check',
                  async () => {
                    const r = await valueOf(sdk.api.call(runAnomalyChecks, {}));
                    setChecked(`That run found ${r.found} new and cleared ${r.cleared}.`);
                  },
                  'The checks ran',
                )
              }
            >
              {busy === 'check' ? 'Checking…' : 'Run the checks now'}
            </Button>
          </span>
        }
      />
      <FilterBar label="Filter anomalies">
        <Field label="Show">
          <Select value={state} onChange={(_e, d) => show({ state: d.value as AnomalyState })}>
            <option value="OPEN">Open</option>
            <option value="RESOLVED">Resolved</option>
          </Select>
        </Field>
        <Field label="Check">
          <Select
            value={kind ?? ''}
            onChange={(_e, d) => show({ kind: (d.value || undefined) as AnomalyKind | undefined })}
          >
            <option value="">Every check</option>
            {ANOMALY_KINDS.map((k) => (
              <option key={k} value={k}>
                {ANOMALY_TITLES[k]}
                {data ? ` (${data.openCounts[k]} open)` : ''}
              </option>
            ))}
          </Select>
        </Field>
      </FilterBar>
      <ListFrame<Anomaly>
        variant="page"
        label="Anomalies"
        rows={data?.anomalies ?? []}
        failed={!!error && !data}
        loading={!data && !error}
        stale={isLoading}
        failedText="The anomalies could not be loaded."
        loadingText="Loading anomalies…"
        onRetry={() => void mutate()}
        emptyText={
          state === 'RESOLVED'
            ? 'No anomaly was resolved yet.'
            : data?.checkedAt
              ? 'Nothing needs a person: every check passes.'
              : 'The checks have not run yet: run them now to see what they find.'
        }
        header={
          <>
            <TableHeaderCell className={columns.nowrap}>
              {state === 'OPEN' ? 'Found' : 'Resolved'}
            </TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Record</TableHeaderCell>
            <TableHeaderCell className={styles.what}>What</TableHeaderCell>
            {state === 'OPEN' ? <TableHeaderCell className={columns.fit}>Action</TableHeaderCell> : null}
          </>
        }
        renderRow={(a) => (
          <TableRow key={a.id} data-anomaly={a.id} data-kind={a.kind}>
            <TableCell className={columns.nowrap}>
              {formatDateTime(state === 'OPEN' ? a.foundAt : a.resolvedAt)}
            </TableCell>
            <TableCell className={columns.elastic}>
              <Truncated text={a.companyName} width="fill">
                <Link href={`#/admin/company/${a.companyId}`}>{a.companyName}</Link>
              </Truncated>
            </TableCell>
            <TableCell className={columns.nowrap}>{recordCell(a)}</TableCell>
            <TableCell className={styles.what}>
              <div className={styles.stack}>
                <strong>{ANOMALY_TITLES[a.kind]}</strong>
                <span className={styles.muted}>{a.summary}</span>
                {state === 'RESOLVED' ? (
                  <span>
                    {a.resolvedBy ? `${a.resolvedBy}: ` : 'The check: '}
                    {a.note}
                  </span>
                ) : null}
              </div>
            </TableCell>
            {state === 'OPEN' ? (
              <TableCell className={columns.fit}>
                <Button size="small" aria-label={`Resolve ${a.recordLabel}`} onClick={() => setResolving(a)}>
                  Resolve
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        )}
        pager={{ page, totalCount: data?.totalCount ?? 0, noun: 'anomaly', onPage: (p) => show({ page: p }) }}
      />
      {resolving ? (
        <ResolveDialog
          anomaly={resolving}
          onClose={() => setResolving(null)}
          onResolved={(a) => {
            setResolving(null);
            void act('resolved', async () => undefined, 'Resolved', `${a.recordLabel}: ${a.note}`);
          }}
        />
      ) : null}
    </>
  );
}
