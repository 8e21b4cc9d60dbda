/**
 * Cancel Membership (sections 4 and 5): immediately, or on expiration (the end of the current term;
 * an awaiting membership has no term yet, so only immediately). Without a choice: 'Please select
 * when you would like to cancel the membership.' Canceled now: 'Canceled' ('This membership plan has
 * been canceled.'); on expiration the renewal becomes CANCEL: 'Renew Selection Saved'.
 */
import { Field, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { useState } from 'react';
import type { CancelAction } from '../../embed-sdk/contract/membership.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { useNotify } from '../runtime/useBanners.js';
import { DialogForm, FormDialog } from '../ui/FormDialog.js';
import type { MembershipDialogProps } from './RenewalOptionsDialog.js';
import { renewalSavedNotice } from './membershipView.js';
import { DIALOG_TEXT, MEMBERSHIP_MESSAGES } from './texts.js';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } });

export function CancelMembershipDialog({ membership: m, changes, onClose }: MembershipDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const [choice, setChoice] = useState<CancelAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choices: CancelAction[] = m.status === 'ACTIVE' ? ['CANCEL', 'EXP'] : ['CANCEL'];

  const submit = async () => {
    if (choice === null) return setProblem(MEMBERSHIP_MESSAGES.selectCancelOption);
    setProblem(null);
    setBusy(true);
    const done = await changes.cancelMembership(choice);
    setBusy(false);
    if (done === null) return;
    notify(renewalSavedNotice(choice === 'CANCEL', done));
    onClose();
  };

  return (
    <FormDialog open label={DIALOG_TEXT.cancelTitle} onClose={onClose} busy={busy}>
      <DialogForm
        title={DIALOG_TEXT.cancelTitle}
        onSubmit={(event) => {
          event.preventDefault();
          return submit();
        }}
        submitLabel={DIALOG_TEXT.cancelMembership}
        cancelLabel={DIALOG_TEXT.keepMembership}
        danger
        onCancel={onClose}
        submitting={busy}
        contentClassName={styles.content}
      >
        <Field
          label={DIALOG_TEXT.cancelWhen}
          required
          validationMessage={problem ?? undefined}
          hint={
            choice === 'EXP' && m.expirationDate
              ? DIALOG_TEXT.cancelExpHint(formatDate(m.expirationDate))
              : undefined
          }
        >
          <RadioGroup
            value={choice ?? ''}
            onChange={(_e, data) => {
              setChoice(data.value as CancelAction);
              setProblem(null);
            }}
          >
            {choices.map((c) => (
              <Radio key={c} value={c} label={DIALOG_TEXT.cancelActions[c]} />
            ))}
          </RadioGroup>
        </Field>
      </DialogForm>
    </FormDialog>
  );
}
