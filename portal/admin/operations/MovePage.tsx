/**
 * Move Payment Plan, Move Membership and Move Transaction (`#/admin/movePaymentPlan`,
 * `moveMembership`, `moveTransaction`): a record made under the wrong patient or at the wrong practice
 * goes to the right one, after a preview of every change the move makes and a confirmation; the
 * server refuses what would break a rule, naming the box, and writes the move to the audit log.
 */
import { useState } from 'react';
import {
  Button,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowRight20Regular } from '@fluentui/react-icons';
import {
  moveRecord,
  previewMove,
  type MovePreview,
  type MoveRequest,
  type MoveType,
} from '../../../embed-sdk/contract/adminMoves.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { placeErrors } from '../adminForm.js';
import { PracticePicker, type ChosenPractice } from '../PracticePicker.js';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '880px' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'start', gap: tokens.spacingHorizontalL },
  picker: { flex: '1 1 280px', minWidth: 0 },
  number: { flex: '0 1 220px', minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  fromTo: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  side: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  changes: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
});

/** What each route moves, in its words. */
const KINDS: Record<
  MoveType,
  { title: string; noun: string; numberLabel: string; numberHint: string; description: string }
> = {
  PAYMENT_PLAN: {
    title: 'Move Payment Plan',
    noun: 'payment plan',
    numberLabel: 'Payment plan number',
    numberHint: 'The number in the plan’s address and on its details.',
    description:
      'A plan made for the wrong patient goes to the right one, with its card and its payments. To another practice, only before its first payment, and only where the practice’s processor account can charge its card.',
  },
  MEMBERSHIP: {
    title: 'Move Membership',
    noun: 'membership',
    numberLabel: 'Membership number',
    numberHint: 'The number in the membership’s details.',
    description:
      'A membership made for the wrong patient goes to the right one, who pays it and is covered in place of the first. To another practice, only before its first payment, with its plan in that practice’s catalogue.',
  },
  TRANSACTION: {
    title: 'Move Transaction',
    noun: 'payment',
    numberLabel: 'Transaction ID',
    numberHint: 'As the transactions list shows it (R1ABC…), or the whole reference.',
    description:
      'A payment recorded for the wrong patient goes to the right one, in the practice system too. To another practice, only an unposted, unrefunded payment between practices on one processor account.',
  },
};

type Box = 'companyId' | 'record' | 'toCompanyId' | 'toPatientId';
const BOX_LABELS: Record<Box, string> = {
  companyId: 'Practice',
  record: 'Number',
  toCompanyId: 'To practice',
  toPatientId: 'Patient number',
};

function PatientSide({ label, side }: { label: string; side: MovePreview['from'] }) {
  const styles = useStyles();
  return (
    <div className={styles.side}>
      <Text size={200} className={styles.muted}>
        {label}
      </Text>
      <Text weight="semibold">
        {side.patientName ? `${side.patientName} (patient ${side.patientId})` : 'No patient (unassociated)'}
      </Text>
      <Text size={200}>{side.companyName}</Text>
    </div>
  );
}

export function MovePage({ type }: { type: MoveType }) {
  const styles = useStyles();
  const sdk = useSdk();
  const kind = KINDS[type];
  const [from, setFrom] = useState<ChosenPractice | null>(null);
  const [to, setTo] = useState<ChosenPractice | null>(null);
  const [record, setRecord] = useState('');
  const [patient, setPatient] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Box, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<MovePreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'move' | null>(null);
  const [moved, setMoved] = useState<MovePreview | null>(null);

  // The destination is the record's practice unless another is chosen.
  const destination = to ?? from;
  const edited = () => {
    setPreview(null);
    setMoved(null);
  };

  const request = (): MoveRequest | null => {
    const missing: Partial<Record<Box, string>> = {};
    if (!from) missing.companyId = 'Choose the practice the record is in.';
    if (!record.trim()) missing.record = `${kind.numberLabel} is required`;
    if (!/^[0-9]{1,9}$/.test(patient.trim()) || Number(patient) < 1) {
      missing.toPatientId = 'Patient number must be the patient’s number in the practice system';
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !from || !destination) return null;
    return {
      type,
      companyId: from.id,
      record: record.trim(),
      toCompanyId: destination.id,
      toPatientId: Number(patient),
    };
  };

  const refused = (error: unknown) => {
    const placed = placeErrors<Box>(error, (path) =>
      path in BOX_LABELS ? { field: path as Box, label: BOX_LABELS[path as Box] } : undefined,
    );
    setErrors(placed.fields);
    setFailure(placed.other);
    setPreview(null);
  };

  const showPreview = async () => {
    setFailure(null);
    setMoved(null);
    const body = request();
    if (!body) return;
    setBusy('preview');
    try {
      setPreview(await valueOf(sdk.api.call(previewMove, { body, noBanner: true })));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const move = async () => {
    const body = request();
    if (!body) return;
    setBusy('move');
    try {
      const done = await valueOf(sdk.api.call(moveRecord, { body, noBanner: true }));
      setMoved(done);
      setPreview(null);
      setRecord('');
      setPatient('');
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <>
      <PageHeader title={kind.title} eyebrow="Special Ops" description={kind.description} />
      <div className={styles.stack}>
        {moved ? (
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>Moved</MessageBarTitle>
              {`${moved.description} now belongs to ${moved.to.patientName} (patient ${moved.to.patientId}) at ${moved.to.companyName}. `}
              <Link href={`#/admin/company/${moved.from.companyId}`}>
                See it in the practice’s audit trail
              </Link>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <Panel title="What moves">
          <div className={styles.row}>
            <div className={styles.picker}>
              <PracticePicker
                label="Practice"
                value={from}
                error={errors.companyId}
                onChange={(p) => {
                  setFrom(p);
                  edited();
                }}
              />
            </div>
            <Field
              className={styles.number}
              label={kind.numberLabel}
              required
              hint={kind.numberHint}
              validationState={errors.record ? 'error' : 'none'}
              validationMessage={errors.record}
            >
              <Input
                value={record}
                onChange={(_e, d) => {
                  setRecord(d.value);
                  edited();
                }}
              />
            </Field>
          </div>
        </Panel>
        <Panel title="Where it goes">
          <div className={styles.row}>
            <div className={styles.picker}>
              <PracticePicker
                label="To practice (the same one unless you choose another)"
                required={false}
                value={to}
                error={errors.toCompanyId}
                onChange={(p) => {
                  setTo(p);
                  edited();
                }}
              />
            </div>
            <Field
              className={styles.number}
              label="Patient number"
              required
              hint="The patient’s number in the practice system."
              validationState={errors.toPatientId ? 'error' : 'none'}
              validationMessage={errors.toPatientId}
            >
              <Input
                inputMode="numeric"
                value={patient}
                onChange={(_e, d) => {
                  setPatient(d.value);
                  edited();
                }}
              />
            </Field>
          </div>
          <FormError message={failure} title={`The ${kind.noun} cannot move`} />
          <div className={styles.actions}>
            <Button appearance="primary" disabled={busy !== null} onClick={() => void showPreview()}>
              {busy === 'preview' ? 'Checking…' : 'Preview the move'}
            </Button>
          </div>
        </Panel>
        {preview ? (
          <Panel title="What the move changes">
            <Text weight="semibold" as="p">
              {preview.description}
            </Text>
            <div className={styles.fromTo}>
              <PatientSide label="From" side={preview.from} />
              <ArrowRight20Regular aria-hidden />
              <PatientSide label="To" side={preview.to} />
            </div>
            <ul className={styles.changes} aria-label="Changes">
              {preview.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <div className={styles.actions}>
              <Button appearance="primary" disabled={busy !== null} onClick={() => setConfirming(true)}>
                {`Move ${kind.noun}`}
              </Button>
              <Button onClick={() => setPreview(null)}>Change</Button>
            </div>
          </Panel>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming && preview !== null}
        title={`Move ${kind.noun} ${preview?.record ?? ''}?`}
        message={
          preview
            ? `It goes to ${preview.to.patientName} (patient ${preview.to.patientId}) at ${preview.to.companyName}. The move is written to the audit log.`
            : ''
        }
        confirmLabel={`Move ${kind.noun}`}
        busy={busy === 'move'}
        onConfirm={() => void move()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export const MovePaymentPlanPage = () => <MovePage type="PAYMENT_PLAN" />;
export const MoveMembershipPage = () => <MovePage type="MEMBERSHIP" />;
export const MoveTransactionPage = () => <MovePage type="TRANSACTION" />;
