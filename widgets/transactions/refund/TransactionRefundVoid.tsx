/**
 * The Refund / Void form for one transaction by its id, as another capability opens it
 * (ui/refundVoidForm.ts: a membership's Payment History, handed this component by the portal). It
 * reads the transaction, then is the list's own form, with the source's rules.
 */
import { Spinner } from '@fluentui/react-components';
import { FormDialog } from '../../ui/FormDialog.js';
import { useCurrentCompany } from '../../ui/practice.js';
import type { RefundVoidFormProps } from '../../ui/refundVoidForm.js';
import { RetryAlert } from '../../ui/RetryAlert.js';
import { REFUND_TEXT } from '../dialogTexts.js';
import { DETAILS_TEXT } from '../texts.js';
import { useTransaction } from '../useTransactions.js';
import { RefundVoidDialog } from './RefundVoidDialog.js';

export function TransactionRefundVoid({ transactionId, action, onClose, onDone }: RefundVoidFormProps) {
  const read = useTransaction(transactionId);
  const gatewayCode = useCurrentCompany().data?.gatewayCode;
  if (!read.data) {
    return (
      <FormDialog
        open
        label={action === 'VOID' ? REFUND_TEXT.voidTitle : REFUND_TEXT.refundTitle}
        onClose={onClose}
      >
        {read.error ? (
          <RetryAlert
            message={DETAILS_TEXT.failed}
            tryAgain={DETAILS_TEXT.tryAgain}
            onRetry={() => void read.mutate()}
          />
        ) : (
          <Spinner label={DETAILS_TEXT.loading} />
        )}
      </FormDialog>
    );
  }
  return (
    <RefundVoidDialog
      transaction={read.data}
      action={action}
      gatewayCode={gatewayCode}
      onClose={onClose}
      onRefunded={onDone}
      onVoided={onDone}
    />
  );
}
