/**
 * <chairside-allocation>, and the same component handed by the portal to the places that open it
 * (Associate Transaction's 'Allocate Payment', a patient's payment's Allocate): the 'Procedures'
 * modal for a patient, an amount and the payment it allocates. Only for Open Dental practices with
 * doesAllocateProcedures on; elsewhere it says why. Without an amount it allocates what is left of
 * the payment (its allocation so far). Its outputs are the element's events (see definition.ts).
 */
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Spinner,
} from '@fluentui/react-components';
import { useMemo, useState, type ReactNode } from 'react';
import { useSdk } from '../runtime/SdkContext.js';
import { useAllocationAvailability, type AllocatorProps } from '../ui/allocation.js';
import { useAllocationStatus } from '../ui/allocationStatus.js';
import { FormDialog } from '../ui/FormDialog.js';
import { LazyNoticeBar } from '../ui/LazyNoticeBar.js';
import { portalPatientLink, type PatientLink } from '../ui/portalRoutes.js';
import { AllocationModal } from './AllocationModal.js';
import { SCREEN_TEXT as T } from './texts.js';

export interface AllocationProps extends Omit<AllocatorProps, 'purpose'> {
  /** @default 'save' */
  purpose?: AllocatorProps['purpose'];
  /** Where the family view's patients lead. @default the portal's patient page at the SDK's address */
  patientLink?: PatientLink;
}

// The procedures' dialog takes the window's height from the start (while it finds out what to show
// too): as many rows as fit, and a frame that never moves while its content changes (an amount
// typed, a total's line appearing), where a centred dialog of the content's height would re-centre
// under the pointer. A notice (unavailable, failed) keeps the size of its message.
const useStyles = makeStyles({
  surface: { maxWidth: 'min(1320px, calc(100vw - 32px))', width: '100%' },
  tall: {
    height: 'calc(100dvh - 32px)',
    maxHeight: 'calc(100dvh - 32px)',
    '& > .fui-DialogBody': { height: '100%', maxHeight: '100%' },
  },
});

/** A message instead of the procedures (unavailable, or still finding out). */
function Notice(props: { children: ReactNode; onClose: () => void }) {
  return (
    <DialogBody>
      <DialogTitle>{T.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{T.close}</Button>
      </DialogActions>
    </DialogBody>
  );
}

/** The frame stays the same dialog from the first check to the procedures (no second opening). */
export function Allocation(props: AllocationProps) {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const body = useAllocationBody(props, setBusy, setUnsaved);
  if (!body) return null;
  return (
    <FormDialog
      open
      label={T.title}
      onClose={body.close}
      busy={busy}
      unsaved={unsaved}
      discardMessage={T.discardAllocation}
      className={mergeClasses(styles.surface, body.tall && styles.tall)}
    >
      {body.content}
    </FormDialog>
  );
}

function useAllocationBody(
  props: AllocationProps,
  onBusy: (busy: boolean) => void,
  onUnsaved: (unsaved: boolean) => void,
) {
  const { customerKey, transactionId, purpose = 'save' } = props;
  const sdk = useSdk();
  const availability = useAllocationAvailability();
  const opening = `${customerKey}:${transactionId}:${props.amount ?? ''}:${purpose}`;
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const available = availability.known && availability.available;
  const status = useAllocationStatus(
    transactionId,
    available && props.amount === undefined && closedFor !== opening,
  );
  const patientLink = useMemo(
    () => props.patientLink ?? portalPatientLink(`${sdk.api.baseUrl}/`),
    [props.patientLink, sdk],
  );
  if (closedFor === opening) return null;
  const close = () => {
    setClosedFor(opening);
    props.onAllocationClosed?.({ transactionId, customerKey });
  };
  const notice = (children: ReactNode, tall = false) => ({
    close,
    tall,
    content: <Notice onClose={close}>{children}</Notice>,
  });
  if (!availability.known) return notice(<Spinner label={T.loading} />, true);
  if (!availability.available) {
    return notice(
      <LazyNoticeBar intent="warning" title={T.unavailableTitle}>
        {availability.reason}
      </LazyNoticeBar>,
    );
  }
  const amount = props.amount ?? (status.data ? status.data.allocatable - status.data.allocated : undefined);
  if (amount === undefined) {
    return notice(
      status.error ? (
        <LazyNoticeBar intent="error">
          {status.error instanceof Error ? status.error.message : T.failed}
        </LazyNoticeBar>
      ) : (
        <Spinner label={T.loading} />
      ),
      !status.error,
    );
  }
  const content = (
    <AllocationModal
      customerKey={customerKey}
      transactionId={transactionId}
      purpose={purpose}
      amount={amount}
      patientLink={patientLink}
      onAllocationSaved={props.onAllocationSaved}
      onAllocationChosen={props.onAllocationChosen}
      onClose={close}
      onBusy={onBusy}
      onUnsaved={onUnsaved}
    />
  );
  return { close, tall: true, content };
}
