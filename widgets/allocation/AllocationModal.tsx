/**
 * The modal titled 'Procedures' (spec part 2, "Procedure allocation modal"): the controls, what the
 * model refused or the menu confirmed, the family view and the treatment plan list beside the table,
 * and the footer with 'Allocation Total' and 'Allocate Procedures' (disabled while the total is 0 or
 * less). It composes its state hook and the parts; it holds no rule.
 */
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { useEffect, useMemo } from 'react';
import { FormActions, useCloseFormDialog } from '../ui/FormDialog.js';
import { LazyNoticeBar, noticeBarPart } from '../ui/LazyNoticeBar.js';
import { RetryAlert } from '../ui/RetryAlert.js';
import { AllocationControls } from './AllocationControls.js';
import { LazyAllocationMenu } from './LazyAllocationMenu.js';
import { LazyFamilyView, usePrefetchFamilyView } from './LazyFamilyView.js';
import { ProcedureTable } from './ProcedureTable.js';
import { treatmentPlanRows } from './model/index.js';
import { SCREEN_TEXT as T } from './texts.js';
import { TreatmentPlanList } from './TreatmentPlanList.js';
import { useAllocationState, type AllocationStateInput } from './useAllocationState.js';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // More options beside Close: the controls keep their rows for the filters and the amount.
  titleActions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  body: {
    display: 'grid',
    gridTemplateColumns: '220px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 1180px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  bodyWide: { gridTemplateColumns: 'minmax(0, 1fr)' },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    // Above the procedures in a narrow window: a few lines of their own, scrolled, so that the
    // procedures keep the dialog's height.
    '@media (max-width: 1180px)': {
      flexDirection: 'row',
      flexWrap: 'wrap',
      columnGap: tokens.spacingHorizontalXXL,
      maxHeight: '132px',
      overflowY: 'auto',
    },
  },
  scroll: { overflowX: 'auto', minWidth: 0 },
  empty: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground2 },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, marginRight: 'auto' },
  total: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const LOAD_TEXT = { failed: T.failed, tryAgain: T.tryAgain };

/** The modal's body, inside the frame Allocation.tsx keeps open while it finds out what to show. */
export interface AllocationModalProps extends AllocationStateInput {
  /** A save is in flight: the frame does not close. */
  onBusy: (busy: boolean) => void;
  /** Amounts were entered and not saved: the frame asks before it closes without saving. */
  onUnsaved: (unsaved: boolean) => void;
}

export function AllocationModal(props: AllocationModalProps) {
  const styles = useStyles();
  // Cancel, the close button and leaving for a family member's page close as Escape does.
  const requestClose = useCloseFormDialog(props.onClose);
  const s = useAllocationState({ ...props, requestClose });
  const withPlans = s.state.list !== 'Completed';
  const { plans } = s;
  const { selectedTreatmentPlans } = s.state;
  const planRows = useMemo(
    () => treatmentPlanRows(plans, selectedTreatmentPlans),
    [plans, selectedTreatmentPlans],
  );
  const side = s.state.showFamily || withPlans;
  const { onBusy, onUnsaved } = props;
  useEffect(() => onBusy(s.saving), [onBusy, s.saving]);
  useEffect(() => onUnsaved(s.unsaved), [onUnsaved, s.unsaved]);
  useEffect(() => () => onUnsaved(false), [onUnsaved]);
  usePrefetchFamilyView();
  // A notice follows what the person does (the model's refusals, the menu's confirmations): its bar's
  // code follows the modal onto the screen, as the family view's does.
  useEffect(() => noticeBarPart.prefetch(), []);
  return (
    <DialogBody>
      <DialogTitle
        action={
          <div className={styles.titleActions}>
            <LazyAllocationMenu
              groupBy={s.state.groupBy}
              dispatch={s.dispatch}
              onRefresh={s.refresh}
              onSaveSettings={s.saveSettings}
            />
            <Button
              appearance="subtle"
              aria-label={T.close}
              icon={<DismissRegular />}
              onClick={() => requestClose()}
            />
          </div>
        }
      >
        {T.title}
      </DialogTitle>
      <DialogContent className={styles.content}>
        <AllocationControls key={props.customerKey} state={s.state} dispatch={s.dispatch} shown={s.shown} />
        {s.notice && (
          <LazyNoticeBar intent={s.notice.intent} role={s.notice.intent === 'success' ? 'status' : 'alert'}>
            {s.notice.message}
          </LazyNoticeBar>
        )}
        {s.load.failed ? (
          <RetryAlert message={LOAD_TEXT.failed} tryAgain={LOAD_TEXT.tryAgain} onRetry={s.load.retry} />
        ) : s.load.loading ? (
          <Spinner label={T.loading} />
        ) : (
          <div className={side ? styles.body : `${styles.body} ${styles.bodyWide}`}>
            {side && (
              <div className={styles.side}>
                {s.state.showFamily && (
                  <LazyFamilyView
                    members={s.family}
                    viewing={props.customerKey}
                    onChoose={(m) => void s.chooseMember(m)}
                  />
                )}
                {withPlans && <TreatmentPlanList plans={planRows} dispatch={s.dispatch} />}
              </div>
            )}
            <div className={styles.scroll} aria-busy={s.load.refreshing}>
              <ProcedureTable
                groups={s.groups}
                shown={s.shown}
                lines={s.state.lines}
                mode={s.state.mode}
                dispatch={s.dispatch}
              />
              {s.shown.length === 0 && (
                <Text block className={styles.empty}>
                  {T.empty}
                </Text>
              )}
            </div>
          </div>
        )}
      </DialogContent>
      <DialogActions fluid>
        <div className={styles.footer}>
          <Text className={styles.total} role="status" aria-label={T.total}>
            {`${T.total}: ${formatCurrency(s.total)}`}
          </Text>
          <Text className={styles.muted}>{T.toAllocate(props.amount)}</Text>
          {s.left !== null && <Text className={styles.muted}>{T.remaining(s.left)}</Text>}
        </div>
        <FormActions
          submitLabel={T.allocate}
          cancelLabel={T.cancel}
          onCancel={() => requestClose()}
          submitting={s.saving}
          canSubmit={s.canAllocate}
          onSubmit={() => void s.save()}
        />
      </DialogActions>
    </DialogBody>
  );
}
