/**
 * The sendCard view: a text message and/or an e-mail asking the patient to store a card through a
 * link. The fields start from the patient's record, each switch on when its field has a value; the
 * spec's rules check what is on (cardRequest.ts), and Send Request waits for a channel.
 */
import { Spinner } from '@fluentui/react-components';
import type { CardRequestSentDetail } from '../../embed-sdk/events.js';
import { channelPrefill } from '../ui/channels.js';
import { CardRequestForm } from './CardRequestForm.js';
import { TEXT } from './texts.js';
import { useCustomer } from './useStoredCardsData.js';
import { ViewLayout } from './ViewLayout.js';

export function SendCardRequestView(props: {
  customerId: number;
  onSent: (detail: Omit<CardRequestSentDetail, 'customerId'>) => void;
  onBack: () => void;
}) {
  const { customerId } = props;
  const customer = useCustomer(customerId, true);
  const settled = customer.data !== undefined || customer.error !== undefined;
  if (!settled) {
    return (
      <ViewLayout>
        <Spinner size="small" label={TEXT.loadingContact} />
      </ViewLayout>
    );
  }
  // Mounted once the patient is known, so the form starts from their details.
  return (
    <CardRequestForm
      customerId={customerId}
      initial={channelPrefill(customer.data ?? null)}
      onSent={props.onSent}
      onBack={props.onBack}
    />
  );
}
