/**
 * Renewal Options (spec part 2, sections 4, 5 and 9): what the end of the term does, CANCEL
 * (cancel now), EXPIRING, YEARLYONCE or YEARLY, and STARTDATE (a new start date) while the
 * membership has not started. A monthly membership also chooses its term's end among the 120
 * monthly anniversaries of its next billing date, or renews every month until canceled. A choice is
 * required (radio groups are). 'Renew Selection Saved', or 'Canceled' for CANCEL.
 */
import { Checkbox, Field, Input, makeStyles, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useState } from 'react';
import type { RenewalMode } from '../../embed-sdk/contract/membership.js';
import { formatDate, formatIsoDay } from '../../embed-sdk/format/date.js';
import { useSdk } from '../runtime/SdkContext.js';
import { useNotify } from '../runtime/useBanners.js';
import { DialogForm, FormDialog } from '../ui/FormDialog.js';
import { FormError } from '../ui/FormError.js';
import {
  initialRenewalMode,
  renewalChoices,
  renewalSavedNotice,
  termEndChoices,
  type Membership,
} from './membershipView.js';
import { DIALOG_TEXT } from './texts.js';
import type { MembershipChanges } from './useMembershipChanges.js';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } });

/** The term end select's value for "renews every month until canceled". */
const MONTHLY = '';

export interface MembershipDialogProps {
  membership: Membership;
  changes: MembershipChanges;
  onClose: () => void;
}

export function RenewalOptionsDialog({ membership: m, changes, onClose }: MembershipDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const sdk = useSdk();
  const [today] = useState(() => formatIsoDay(sdk.now()));
  const [mode, setMode] = useState<RenewalMode | null>(initialRenewalMode(m));
  const [startDate, setStartDate] = useState(m.startDate < today ? today : m.startDate);
  const [termEnd, setTermEnd] = useState(m.monthlyExpires ?? MONTHLY);
  const [notifyPatient, setNotifyPatient] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const termEnds = termEndChoices(m);
  const choosesTermEnd = termEnds.length > 0 && mode !== null && mode !== 'CANCEL' && mode !== 'STARTDATE';

  const submit = async () => {
    if (mode === null) return setProblem(DIALOG_TEXT.chooseMode);
    if (mode === 'STARTDATE' && !(startDate >= today)) return setProblem(DIALOG_TEXT.chooseStartDate);
    setProblem(null);
    setBusy(true);
    const saved = await changes.setRenewal({
      renewalMode: mode,
      notifyPatient,
      ...(mode === 'STARTDATE' ? { nextBillingDate: startDate } : {}),
      ...(choosesTermEnd ? { monthlyExpires: termEnd === MONTHLY ? null : termEnd } : {}),
    });
    setBusy(false);
    if (saved === null) return;
    notify(renewalSavedNotice(mode === 'CANCEL', saved));
    onClose();
  };

  return (
    <FormDialog open label={DIALOG_TEXT.renewalTitle} onClose={onClose} busy={busy}>
      <DialogForm
        title={DIALOG_TEXT.renewalTitle}
        onSubmit={(event) => {
          event.preventDefault();
          return submit();
        }}
        submitLabel={DIALOG_TEXT.saveRenewal}
        cancelLabel={DIALOG_TEXT.cancel}
        onCancel={onClose}
        submitting={busy}
        contentClassName={styles.content}
        error={<FormError message={problem} />}
      >
        <Field label={DIALOG_TEXT.renewalChoices} required>
          <RadioGroup value={mode ?? ''} onChange={(_e, data) => setMode(data.value as RenewalMode)}>
            {renewalChoices(m).map((choice) => (
              <Radio key={choice} value={choice} label={DIALOG_TEXT.renewalModes[choice]} />
            ))}
          </RadioGroup>
        </Field>
        {mode === 'STARTDATE' && (
          <Field label={DIALOG_TEXT.newStartDate} required>
            <Input
              type="date"
              min={today}
              value={startDate}
              onChange={(_e, data) => setStartDate(data.value)}
            />
          </Field>
        )}
        {choosesTermEnd && (
          <Field label={DIALOG_TEXT.termEnd}>
            <Select value={termEnd} onChange={(_e, data) => setTermEnd(data.value)}>
              <option value={MONTHLY}>{DIALOG_TEXT.renewsMonthly}</option>
              {termEnds.map((date) => (
                <option key={date} value={date}>
                  {formatDate(date)}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Checkbox
          label={DIALOG_TEXT.notifyPatient}
          checked={notifyPatient}
          onChange={(_e, data) => setNotifyPatient(data.checked === true)}
        />
      </DialogForm>
    </FormDialog>
  );
}
