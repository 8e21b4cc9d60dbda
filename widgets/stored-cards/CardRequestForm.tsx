/** The card request's form: two switches, each with its field, and Send Request. */
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import type { CardRequestSentDetail } from '../../embed-sdk/events.js';
import { useNotify } from '../runtime/useBanners.js';
import { ChannelFields } from '../ui/ChannelFields.js';
import { FormActions } from '../ui/FormDialog.js';
import { canSend } from '../../embed-sdk/validation/channels.js';
import { cardRequestSchema, type CardRequestValues } from './cardRequest.js';
import { TEXT } from './texts.js';
import { useCardChanges } from './useStoredCardsData.js';
import { ViewLayout } from './ViewLayout.js';

const useStyles = makeStyles({
  hint: { margin: 0, color: tokens.colorNeutralForeground2 },
  form: { display: 'contents' },
});

export function CardRequestForm(props: {
  customerId: number;
  initial: CardRequestValues;
  onSent: (detail: Omit<CardRequestSentDetail, 'customerId'>) => void;
  onBack: () => void;
}) {
  const { customerId, initial, onSent, onBack } = props;
  const styles = useStyles();
  const notify = useNotify();
  const { requestCard } = useCardChanges(customerId);
  const form = useForm<CardRequestValues>({
    resolver: zodResolver(cardRequestSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState } = form;
  const [notifyText, notifyEmail] = useWatch({ control, name: ['notifyText', 'notifyEmail'] });
  const sendable = canSend({ notifyText, notifyEmail });

  const submit = form.handleSubmit(async (values) => {
    const sent = await requestCard(values);
    if (!sent) return; // the banner says why
    notify({ intent: 'success', title: TEXT.cardRequestSentTitle, message: TEXT.cardRequestSent });
    onSent({ requestId: sent.id, sentBy: sent.sentBy });
  });

  return (
    <form noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
      <ViewLayout
        actions={
          <FormActions
            cancelLabel={TEXT.back}
            onCancel={onBack}
            submitLabel={TEXT.sendRequest}
            submitIcon={<SendRegular />}
            submitting={formState.isSubmitting}
            canSubmit={sendable}
          />
        }
      >
        <p className={styles.hint}>{TEXT.cardRequestHint}</p>
        <ChannelFields control={control} />
      </ViewLayout>
    </form>
  );
}
