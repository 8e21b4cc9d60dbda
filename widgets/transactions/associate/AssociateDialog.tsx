/**
 * Associate Transaction (spec part 2, "Associate Transaction"): the header (transaction ID, payment
 * amount with its subtotal and surcharge, source, name, e-mail and phone, 'Unavailable' when
 * missing, the note), then the patient: 'Possible Matches' when the server finds patients by the
 * payment's last name and e-mail (state rec, with 'Search Patients' to search instead), else a
 * search (state search). The chosen patient is brought into Chairside when they are not a customer
 * yet (customer/transition), and the associate section offers 'Send Receipt' and 'Post to Practice
 * Management System' and 'Associate {first} {last} to Transaction'. In a practice that allocates
 * procedures (Open Dental, doesAllocateProcedures) 'Allocate Payment' opens the allocation modal for
 * the payment less its surcharge; the lines chosen go with the association, and must add up to that
 * amount ('The allocation total must match the unassociated transaction amount.'). Elsewhere the
 * section says why allocation is unavailable.
 */
import {
  Checkbox,
  Link,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { transition, type Patient } from '../../../embed-sdk/contract/patient.js';
import type {
  AssociateProcedure,
  PossibleMatch,
  Transaction,
} from '../../../embed-sdk/contract/transaction.js';
import type { TransactionAssociatedDetail } from '../../../embed-sdk/events.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatPhone } from '../../../embed-sdk/format/phone.js';
import { SOURCE_LABELS } from '../../../embed-sdk/format/transactions.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useNotify } from '../../runtime/useBanners.js';
import { DetailList } from '../../ui/DetailList.js';
import { useAllocationAvailability, type Allocator } from '../../ui/allocation.js';
import { DialogForm, FormDialog } from '../../ui/FormDialog.js';
import { FormError } from '../../ui/FormError.js';
import { bornText, PatientSearchForm } from '../PatientSearchForm.js';
import { ASSOCIATE_TEXT as T } from '../dialogTexts.js';
import { transactionIdOf } from '../transactionView.js';
import { usePossibleMatches, useTransactionChanges } from '../useTransactionChanges.js';

const useStyles = makeStyles({
  surface: { maxWidth: '600px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface AssociateDialogProps {
  transaction: Transaction;
  /** The allocation modal 'Allocate Payment' opens. */
  Allocator: Allocator;
  onClose: () => void;
  onAssociated?: (detail: TransactionAssociatedDetail) => void;
}

/** The patient chosen, from the matches or the search, as the dialog needs them. */
interface Chosen {
  key: number;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}

const fromMatch = (m: PossibleMatch): Chosen => m;
const fromPatient = (p: Patient): Chosen => ({ ...p, customerId: p.id ?? p.customerId });

function Header({ t }: { t: Transaction }) {
  const or = (value: string | null) => (value ? value : T.unavailable);
  const name = [t.firstName, t.lastName].filter(Boolean).join(' ');
  return (
    <DetailList
      items={[
        [T.transactionId, transactionIdOf(t.referenceId)],
        [T.paymentAmount, formatCurrency(t.amount)],
        ...(t.hasSurcharging
          ? ([
              [T.subtotal, formatCurrency(t.orderAmount)],
              [T.surcharge, formatCurrency(t.surchargeAmount)],
            ] as const)
          : []),
        [T.source, SOURCE_LABELS[t.source]],
        [T.name, or(name || null)],
        [T.email, or(t.email)],
        [T.phone, t.phone ? formatPhone(t.phone) || t.phone : T.unavailable],
        ...(t.note ? ([[t.noteLabel || 'Note', t.note]] as const) : []),
      ]}
    />
  );
}

function matchText(m: PossibleMatch): string {
  const on = m.matchedOn.map((what) => T.matchedOn[what]).join(', ');
  const born = bornText(m.birthdate);
  return `${m.firstName} ${m.lastName}${born ? ` · ${born}` : ''}${m.email ? ` · ${m.email}` : ''}${on ? ` · ${T.matched(on)}` : ''}`;
}

/** The lines chosen in the allocation modal, and their sum (cents). */
interface Allocated {
  procedures: AssociateProcedure[];
  total: number;
}

function AllocateSection(props: {
  transaction: Transaction;
  chosen: Chosen;
  Allocator: Allocator;
  busy: boolean;
  allocated: Allocated | null;
  allocate: boolean;
  onAllocate: (on: boolean) => void;
  onAllocated: (allocated: Allocated) => void;
}) {
  const { transaction: t, chosen, Allocator, allocated, allocate } = props;
  const styles = useStyles();
  const availability = useAllocationAvailability();
  const [open, setOpen] = useState(false);
  if (!availability.known) return null;
  if (!availability.available) return <Text className={styles.muted}>{availability.reason}</Text>;
  return (
    <>
      <Checkbox
        label={T.allocate}
        checked={allocate}
        disabled={props.busy}
        onChange={(_e, d) => {
          props.onAllocate(d.checked === true);
          setOpen(d.checked === true);
        }}
      />
      {allocate && allocated && (
        <Text className={styles.muted}>
          {T.allocated(formatCurrency(allocated.total), allocated.procedures.length)}{' '}
          <Link as="button" disabled={props.busy} onClick={() => setOpen(true)}>
            {T.changeAllocation}
          </Link>
        </Text>
      )}
      {open && (
        <Allocator
          customerKey={chosen.key}
          transactionId={t.id}
          amount={t.amount - t.surchargeAmount}
          purpose="associate"
          onAllocationChosen={(d) => props.onAllocated({ procedures: d.procedures, total: d.total })}
          onAllocationClosed={() => setOpen(false)}
        />
      )}
    </>
  );
}

function AssociateForm({ transaction: t, Allocator, onClose, onAssociated }: AssociateDialogProps) {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const changes = useTransactionChanges();
  const matches = usePossibleMatches(t.id);
  const [searching, setSearching] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [picked, setPicked] = useState<Patient | null>(null);
  const [sendReceipt, setSendReceipt] = useState(true);
  const [post, setPost] = useState(true);
  const [busy, setBusy] = useState(false);
  const [allocate, setAllocate] = useState(false);
  const [allocated, setAllocated] = useState<Allocated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (next: Chosen | null) => {
    // The lines chosen belong to the patient they were chosen for.
    setChosen(next);
    setAllocate(false);
    setAllocated(null);
    setError(null);
  };
  // Part 2, section 5: the allocation total must equal the payment less its surcharge.
  const allocationMatches = (a: Allocated | null) => a !== null && a.total === t.amount - t.surchargeAmount;

  // State rec: the payment names a last name and the server found patients; otherwise search.
  const found = matches.data?.patients ?? [];
  const rec = !searching && !!t.lastName && found.length > 0;

  const submit = async () => {
    if (!chosen) return;
    if (allocate && !allocationMatches(allocated)) return setError(T.allocationMismatch);
    setBusy(true);
    let customerId = chosen.customerId;
    if (customerId === null) {
      try {
        const result = await sdk.api.call(transition, {
          body: {
            key: chosen.key,
            firstName: chosen.firstName,
            lastName: chosen.lastName,
            email: chosen.email,
            cell: chosen.cell,
          },
        });
        customerId = result.isSuccess ? result.value.customerId : null;
      } catch {
        customerId = null; // the banner says why
      }
    }
    const done =
      customerId === null
        ? null
        : await changes.associateTo({
            transactionId: t.id,
            customerId,
            post,
            sendEmail: sendReceipt && chosen.email !== '',
            procedures: allocate && allocated ? allocated.procedures : [],
          });
    setBusy(false);
    if (!done || customerId === null) return;
    notify({ intent: 'success', message: T.associated(chosen.firstName, chosen.lastName) });
    onAssociated?.({ id: t.id, referenceId: t.referenceId, customerId });
    onClose();
  };

  return (
    <DialogForm
      title={T.title}
      onSubmit={(event) => {
        event.preventDefault();
        return submit();
      }}
      onCancel={onClose}
      cancelLabel={T.cancel}
      submitLabel={chosen ? T.associate(chosen.firstName, chosen.lastName) : T.title}
      submitting={busy}
      canSubmit={chosen !== null}
      contentClassName={styles.content}
      error={<FormError message={error} />}
    >
      <Header t={t} />
      {matches.isLoading ? (
        <Spinner size="tiny" label={T.possibleMatches} />
      ) : rec ? (
        <section className={styles.section} aria-label={T.possibleMatches}>
          <div className={styles.heading}>
            <Subtitle2 as="h3">{T.possibleMatches}</Subtitle2>
            <Link
              as="button"
              onClick={() => {
                choose(null);
                setPicked(null);
                setSearching(true);
              }}
            >
              {T.searchPatients}
            </Link>
          </div>
          <RadioGroup
            aria-label={T.possibleMatches}
            value={chosen ? String(chosen.key) : ''}
            onChange={(_e, d) => {
              const match = found.find((m) => String(m.key) === d.value);
              choose(match ? fromMatch(match) : null);
            }}
          >
            {found.map((m) => (
              <Radio key={m.key} value={String(m.key)} label={matchText(m)} />
            ))}
          </RadioGroup>
        </section>
      ) : (
        <PatientSearchForm
          text={{ ...T, patients: T.chosen }}
          chosen={picked}
          onChoose={(p) => {
            setPicked(p);
            choose(p ? fromPatient(p) : null);
          }}
        />
      )}
      {chosen && (
        <section className={styles.section} aria-label={T.chosen}>
          <Text className={styles.muted}>{`${chosen.firstName} ${chosen.lastName}`}</Text>
          <AllocateSection
            transaction={t}
            chosen={chosen}
            Allocator={Allocator}
            busy={busy}
            allocate={allocate}
            allocated={allocated}
            onAllocate={(on) => {
              setAllocate(on);
              setError(null);
              if (!on) setAllocated(null);
            }}
            onAllocated={(a) => {
              setAllocated(a);
              setError(allocationMatches(a) ? null : T.allocationMismatch);
            }}
          />
          <Checkbox
            label={T.sendReceipt}
            checked={sendReceipt && chosen.email !== ''}
            disabled={busy || chosen.email === ''}
            onChange={(_e, d) => setSendReceipt(d.checked === true)}
          />
          <Checkbox
            label={T.post}
            checked={post}
            disabled={busy}
            onChange={(_e, d) => setPost(d.checked === true)}
          />
        </section>
      )}
    </DialogForm>
  );
}

export function AssociateDialog(props: AssociateDialogProps) {
  const styles = useStyles();
  return (
    <FormDialog open label={T.title} onClose={props.onClose} className={styles.surface}>
      <AssociateForm {...props} />
    </FormDialog>
  );
}
