/**
 * Post Approval (`#/admin/postApproval`): a practice's charges the card processor approved with no
 * payment recorded, each written as the approved payment it is once an administrator confirms it:
 * the patient's whose card it is, else unassociated.
 */
import { useState } from 'react';
import useSWR from 'swr';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Field,
  TableCell,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  postApproval,
  unrecordedApprovals,
  type UnrecordedApproval,
} from '../../../embed-sdk/contract/adminOperations.js';
import { formatCurrency, formatDateTime, SOURCE_LABELS } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { placeErrors } from '../adminForm.js';
import { PracticePicker, type ChosenPractice } from '../PracticePicker.js';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '1100px' },
  picker: { maxWidth: '420px' },
});

type Source = 'VIRTUALTERMINAL' | 'TERMINAL';

export default function PostApprovalPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const [practice, setPractice] = useState<ChosenPractice | null>(null);
  const [chosen, setChosen] = useState<UnrecordedApproval | null>(null);
  const [source, setSource] = useState<Source>('VIRTUALTERMINAL');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [posted, setPosted] = useState<{ transactionId: string; patientName: string | null } | null>(null);

  const approvals = useSWR(practice ? ['admin/approvals/unrecorded', practice.id] : null, () =>
    valueOf(sdk.api.call(unrecordedApprovals, { query: { companyId: practice!.id } })),
  );
  const rows = approvals.data?.approvals;

  const post = async () => {
    if (!practice || !chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      const done = await valueOf(
        sdk.api.call(postApproval, {
          body: { companyId: practice.id, referenceId: chosen.referenceId, source },
          noBanner: true,
        }),
      );
      setPosted(done);
      await approvals.mutate();
    } catch (error) {
      setFailure(placeErrors(error, () => undefined).other);
    } finally {
      setBusy(false);
      setChosen(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Post Approval"
        eyebrow="Special Ops"
        description="Charges the card processor approved with no payment recorded: the request that made one was lost before its payment was written. Posting it writes the approved payment, the patient’s whose card it is, else unassociated, and sends it to the practice system as any payment."
      />
      <div className={styles.stack}>
        {posted ? (
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>Posted</MessageBarTitle>
              {posted.patientName
                ? `Payment ${posted.transactionId} is recorded for ${posted.patientName}.`
                : `Payment ${posted.transactionId} is recorded as an unassociated payment, for staff to associate.`}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <FormError message={failure} title="The approval was not posted" />
        <Panel title="Approvals without a payment">
          <div className={styles.picker}>
            <PracticePicker
              value={practice}
              onChange={(p) => {
                setPractice(p);
                setPosted(null);
                setFailure(null);
              }}
            />
          </div>
          {practice ? (
            <ListFrame
              variant="page"
              label="Approvals without a payment"
              rows={rows}
              failed={!!approvals.error}
              loading={approvals.isLoading}
              failedText="The processor’s approvals could not be read."
              loadingText="Reading the processor’s approvals…"
              onRetry={() => void approvals.mutate()}
              emptyText={`Every charge the processor approved for ${practice.name} has its payment.`}
              header={
                <>
                  <TableHeaderCell className={columns.nowrap}>Approved</TableHeaderCell>
                  <TableHeaderCell>Transaction ID</TableHeaderCell>
                  <TableHeaderCell>Card</TableHeaderCell>
                  <TableHeaderCell>Card on file of</TableHeaderCell>
                  <TableHeaderCell className={columns.money}>Amount</TableHeaderCell>
                  <TableHeaderCell className={columns.fit}>Action</TableHeaderCell>
                </>
              }
              renderRow={(a) => (
                <TableRow key={a.referenceId}>
                  <TableCell className={columns.nowrap}>{formatDateTime(a.approvedAt)}</TableCell>
                  <TableCell>{a.transactionId}</TableCell>
                  <TableCell>{`${a.cardType} ${a.cardDescription}`}</TableCell>
                  <TableCell>
                    {a.patientName ? `${a.patientName} (patient ${a.patientId})` : 'No one (unassociated)'}
                  </TableCell>
                  <TableCell className={columns.money}>{formatCurrency(a.amount)}</TableCell>
                  <TableCell className={columns.fit}>
                    <Button
                      size="small"
                      disabled={busy}
                      aria-label={`Post ${a.transactionId}`}
                      onClick={() => {
                        setPosted(null);
                        setChosen(a);
                      }}
                    >
                      Post
                    </Button>
                  </TableCell>
                </TableRow>
              )}
              pager={{ page: 1, totalCount: rows?.length ?? 0, onPage: () => undefined }}
            />
          ) : null}
        </Panel>
      </div>
      <ConfirmDialog
        open={chosen !== null}
        title={`Post ${chosen?.transactionId ?? ''}?`}
        message={
          chosen ? (
            <>
              <p>
                {`An approved payment of ${formatCurrency(chosen.amount)} on ${chosen.cardType} ${chosen.cardDescription} is recorded ${chosen.patientName ? `for ${chosen.patientName}` : 'as unassociated'} at ${practice?.name ?? 'the practice'}, and written to the audit log.`}
              </p>
              <Field label="It was taken at">
                <RadioGroup value={source} onChange={(_e, d) => setSource(d.value as Source)}>
                  <Radio value="VIRTUALTERMINAL" label={SOURCE_LABELS.VIRTUALTERMINAL} />
                  <Radio value="TERMINAL" label={SOURCE_LABELS.TERMINAL} />
                </RadioGroup>
              </Field>
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Post the payment"
        busy={busy}
        onConfirm={() => void post()}
        onCancel={() => setChosen(null)}
      />
    </>
  );
}
