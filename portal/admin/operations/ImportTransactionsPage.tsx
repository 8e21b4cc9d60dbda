/**
 * Import Transactions (`#/admin/importTransactions`): a processor's settlement file (CSV) becomes
 * unassociated payments of a practice, after a preview that names every bad row by its line and a
 * confirmation; the import shows its progress, then what it wrote and what it skipped.
 */
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Field,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  IMPORT_COLUMNS,
  importProgress,
  importTransactions,
  previewImport,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
} from '../../../embed-sdk/contract/adminOperations.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { ListScroll } from '../../../widgets/ui/ListFrame.js';
import { useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { placeErrors } from '../adminForm.js';
import { PracticePicker, type ChosenPractice } from '../PracticePicker.js';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '960px' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'start', gap: tokens.spacingHorizontalL },
  picker: { flex: '1 1 280px', minWidth: 0 },
  file: { flex: '1 1 280px', minWidth: 0 },
  help: { color: tokens.colorNeutralForeground2, margin: 0 },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    marginTop: tokens.spacingVerticalM,
  },
  problems: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '2px' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** How often the screen asks how far an import has come. */
const PROGRESS_MS = 500;

const COLUMN_HELP = `Its first line names the columns, in any order: ${IMPORT_COLUMNS.transactionId[0]}, ${IMPORT_COLUMNS.date[0]} (YYYY-MM-DD or MM/DD/YYYY) and ${IMPORT_COLUMNS.amount[0]} are required; ${IMPORT_COLUMNS.cardType[0]}, ${IMPORT_COLUMNS.last4[0]}, ${IMPORT_COLUMNS.name[0]} and ${IMPORT_COLUMNS.status[0]} are read when present. Only approved (or settled) rows are payments.`;

function Problems({ problems }: { problems: ImportProblem[] }) {
  const styles = useStyles();
  if (problems.length === 0) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>
          {problems.length === 1 ? '1 row is not imported' : `${problems.length} rows are not imported`}
        </MessageBarTitle>
        <ul className={styles.problems} aria-label="Rows not imported">
          {problems.slice(0, 50).map((p) => (
            <li key={p.line}>{`Line ${p.line}: ${p.message}`}</li>
          ))}
          {problems.length > 50 ? <li>{`and ${problems.length - 50} more`}</li> : null}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

export default function ImportTransactionsPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const [practice, setPractice] = useState<ChosenPractice | null>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [errors, setErrors] = useState<{ companyId?: string; csv?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => clearInterval(polling.current ?? undefined), []);

  const reset = () => {
    setPreview(null);
    setResult(null);
    setFailure(null);
  };

  const refused = (error: unknown) => {
    const placed = placeErrors<'companyId' | 'csv'>(error, (path) =>
      path === 'companyId'
        ? { field: 'companyId', label: 'Practice' }
        : path === 'csv'
          ? { field: 'csv', label: 'The file' }
          : undefined,
    );
    setErrors(placed.fields);
    setFailure(placed.other);
  };

  const body = () => {
    const missing: typeof errors = {};
    if (!practice) missing.companyId = 'Choose the practice the payments are for.';
    if (!file) missing.csv = 'Choose the processor’s CSV file.';
    setErrors(missing);
    return practice && file ? { companyId: practice.id, csv: file.text } : null;
  };

  const showPreview = async () => {
    reset();
    const request = body();
    if (!request) return;
    setBusy(true);
    try {
      setPreview(await valueOf(sdk.api.call(previewImport, { body: request, noBanner: true })));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    const request = body();
    if (!request || !preview) return;
    setConfirming(false);
    setBusy(true);
    setProgress({ ...preview, state: 'RUNNING', imported: 0 });
    const key = crypto.randomUUID();
    polling.current = setInterval(() => {
      void sdk.api
        .call(importProgress, {
          query: { companyId: request.companyId, key },
          noBanner: true,
          noProgress: true,
        })
        .then((r) => r.value && setProgress(r.value))
        .catch(() => undefined);
    }, PROGRESS_MS);
    try {
      const done = await valueOf(
        sdk.api.call(importTransactions, { body: request, idempotencyKey: key, noBanner: true }),
      );
      setResult(done);
      setPreview(null);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      refused(error);
    } finally {
      clearInterval(polling.current ?? undefined);
      setProgress(null);
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Import Transactions"
        eyebrow="Special Ops"
        description="A processor’s settlement file becomes unassociated payments of a practice; its staff then associate each with its patient. A row that is a payment already is skipped, so a file imported twice imports nothing twice."
      />
      <div className={styles.stack}>
        {result ? (
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>Imported</MessageBarTitle>
              {`${result.imported === 1 ? '1 payment' : `${result.imported} payments`} (${formatCurrency(result.total)}) are now unassociated payments of ${practice?.name ?? 'the practice'}. `}
              <Link href={`#/admin/company/${result.companyId}`}>See the practice</Link>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {result ? <Problems problems={result.problems} /> : null}
        <Panel title="The file">
          <p className={styles.help}>{COLUMN_HELP}</p>
          <div className={styles.row}>
            <div className={styles.picker}>
              <PracticePicker
                value={practice}
                error={errors.companyId}
                onChange={(p) => {
                  setPractice(p);
                  reset();
                }}
              />
            </div>
            <Field
              className={styles.file}
              label="Processor file (CSV)"
              required
              validationState={errors.csv ? 'error' : 'none'}
              validationMessage={errors.csv}
            >
              <input
                ref={input}
                type="file"
                aria-label="Processor file (CSV)"
                accept=".csv,text/csv"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  reset();
                  if (!chosen) return setFile(null);
                  void chosen.text().then((text) => setFile({ name: chosen.name, text }));
                }}
              />
            </Field>
          </div>
          <FormError message={failure} title="The file cannot be imported" />
          <div className={styles.actions}>
            <Button appearance="primary" disabled={busy} onClick={() => void showPreview()}>
              {busy && !progress ? 'Reading…' : 'Preview the import'}
            </Button>
          </div>
        </Panel>
        {progress ? (
          <Panel title="Importing">
            <div className={styles.progress}>
              <ProgressBar
                value={progress.rows === 0 ? 1 : progress.imported / progress.rows}
                thickness="large"
                aria-label={`${progress.imported} of ${progress.rows} imported`}
              />
              <Text>{`${progress.imported.toLocaleString('en-US')} of ${progress.rows.toLocaleString('en-US')} imported`}</Text>
            </div>
          </Panel>
        ) : null}
        {preview && !progress ? (
          <Panel title="What the import writes">
            <Text as="p" weight="semibold">
              {preview.rows === 0
                ? `No row of ${file?.name ?? 'the file'} can be imported.`
                : `${preview.rows === 1 ? '1 payment' : `${preview.rows.toLocaleString('en-US')} payments`} (${formatCurrency(preview.total)}) become unassociated payments of ${preview.companyName}.`}
            </Text>
            {preview.sample.length > 0 ? (
              <ListScroll>
                <Table aria-label="First rows" size="small">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell className={columns.nowrap}>Line</TableHeaderCell>
                      <TableHeaderCell>Transaction ID</TableHeaderCell>
                      <TableHeaderCell className={columns.nowrap}>Date</TableHeaderCell>
                      <TableHeaderCell>Card</TableHeaderCell>
                      <TableHeaderCell>Name</TableHeaderCell>
                      <TableHeaderCell className={columns.money}>Amount</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {preview.sample.map((r) => (
                      <TableRow key={r.line}>
                        <TableCell className={columns.nowrap}>{r.line}</TableCell>
                        <TableCell>{r.transactionId}</TableCell>
                        <TableCell className={columns.nowrap}>{r.date}</TableCell>
                        <TableCell>{[r.cardType, r.last4].filter(Boolean).join(' ') || '—'}</TableCell>
                        <TableCell>{r.name ?? '—'}</TableCell>
                        <TableCell className={columns.money}>{formatCurrency(r.amount)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ListScroll>
            ) : null}
            <Problems problems={preview.problems} />
            <div className={styles.actions}>
              <Button
                appearance="primary"
                disabled={busy || preview.rows === 0}
                onClick={() => setConfirming(true)}
              >
                {`Import ${preview.rows === 1 ? '1 payment' : `${preview.rows.toLocaleString('en-US')} payments`}`}
              </Button>
              <Button onClick={reset}>Change</Button>
            </div>
          </Panel>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming && preview !== null}
        title={`Import ${preview?.rows === 1 ? '1 payment' : `${(preview?.rows ?? 0).toLocaleString('en-US')} payments`}?`}
        message={
          preview
            ? `They become unassociated payments of ${preview.companyName}, ${formatCurrency(preview.total)} in all. The import is written to the audit log.`
            : ''
        }
        confirmLabel="Import"
        onConfirm={() => void runImport()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
