/**
 * The payment plan's detail modal (spec part 1, "Payment plan detail modal"): 'Payment Plan for
 * {name}'. The frame is here; its body (PlanDetails) loads on demand.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { LazyPlanDetails, planDetailsPart } from './LazyPlanDetails.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  surface: { maxWidth: '980px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
});

export interface PaymentPlanModalProps {
  plan: PaymentPlan | undefined;
  loadFailed: boolean;
  canEdit: boolean;
  onRetry: () => void;
  onClose: () => void;
  onChanged: (plan: PaymentPlan) => void;
  onRevalidate: () => void;
}

export function PaymentPlanModal(props: PaymentPlanModalProps) {
  const { plan, loadFailed, canEdit, onRetry, onClose } = props;
  const styles = useStyles();
  // The body's code loads while the plan does.
  useEffect(() => planDetailsPart.prefetch(), []);
  const title = TEXT.title(plan ? `${plan.firstName} ${plan.lastName}`.trim() : '…');
  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={plan ? title : TEXT.loading}>
        <DialogBody>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                aria-label={TEXT.close}
                icon={<DismissRegular />}
                onClick={onClose}
              />
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {plan ? (
              <LazyPlanDetails
                // Another plan starts afresh (its dialogs closed, its first tab).
                key={plan.id}
                plan={plan}
                canEdit={canEdit}
                onChanged={props.onChanged}
                onRevalidate={props.onRevalidate}
              />
            ) : loadFailed ? (
              <div role="alert">
                <span>{TEXT.failed}</span> <Button onClick={onRetry}>{TEXT.tryAgain}</Button>
              </div>
            ) : (
              <Spinner label={TEXT.loading} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{TEXT.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
