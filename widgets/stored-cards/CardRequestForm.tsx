/** The card request's form: two switches, each with its field, and Send Request. */
import { Controller, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, Input, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import type { CardRequestSentDetail } from '../../embed-sdk/events.js';
import { useNotify } from '../runtime/useBanners.js';
import { FormActions } from '../ui/FormDialog.js';
import { canSend } from '../../embed-sdk/validation/channels.js';
import { cardRequestSchema, type CardRequestValues } from './cardRequest.js';
import { TEXT } from './texts.js';
import { useCardChanges } from './useStoredCardsData.js';
import { ViewLayout } from './ViewLayout.js';

const useStyles = makeStyles({
  hint: { margin: 0, color: tokens.colorNeutralForeground2 },
  channel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  form: { display: 'contents' },
});

type Channel = { toggle: 'notifyText' | 'notifyEmail'; field: 'cell' | 'email' };

const CHANNELS: Record<
  'text' | 'email',
  Channel & { label: string; fieldLabel: string; type: 'tel' | 'email' }
> = {
  text: {
    toggle: 'notifyText',
    field: 'cell',
    label: TEXT.textMessage,
    fieldLabel: TEXT.mobilePhone,
    type: 'tel',
  },
  email: {
    toggle: 'notifyEmail',
    field: 'email',
    label: TEXT.email,
    fieldLabel: TEXT.emailAddress,
    type: 'email',
  },
};

function ChannelFields({
  channel,
  control,
  errors,
  onToggle,
}: {
  channel: (typeof CHANNELS)[keyof typeof CHANNELS];
  control: Control<CardRequestValues>;
  errors: FieldErrors<CardRequestValues>;
  onToggle: (channel: Channel, on: boolean) => void;
}) {
  const styles = useStyles();
  const on = useWatch({ control, name: channel.toggle });
  const message = errors[channel.field]?.message;
  return (
    <div className={styles.channel}>
      <Controller
        name={channel.toggle}
        control={control}
        render={({ field }) => (
          <Switch
            ref={field.ref}
            name={field.name}
            label={channel.label}
            checked={field.value}
            onChange={(_event, data) => {
              field.onChange(data.checked);
              onToggle(channel, data.checked);
            }}
            onBlur={field.onBlur}
          />
        )}
      />
      <Controller
        name={channel.field}
        control={control}
        render={({ field }) => (
          <Field
            label={channel.fieldLabel}
            required={on}
            validationState={message ? 'error' : 'none'}
            validationMessage={message}
          >
            <Input
              ref={field.ref}
              name={field.name}
              type={channel.type}
              autoComplete="off"
              maxLength={channel.type === 'tel' ? 40 : 254}
              value={field.value}
              disabled={!on}
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
    </div>
  );
}

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
  const { control, formState, clearErrors, trigger } = form;
  const [notifyText, notifyEmail] = useWatch({ control, name: ['notifyText', 'notifyEmail'] });
  const sendable = canSend({ notifyText, notifyEmail });

  // A switch changes what its field must hold: check it again (or forget its message when off).
  const toggled = (channel: Channel, on: boolean) => {
    if (!on) clearErrors(channel.field);
    else if (formState.isSubmitted) void trigger(channel.field);
  };

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
        <ChannelFields
          channel={CHANNELS.text}
          control={control}
          errors={formState.errors}
          onToggle={toggled}
        />
        <ChannelFields
          channel={CHANNELS.email}
          control={control}
          errors={formState.errors}
          onToggle={toggled}
        />
      </ViewLayout>
    </form>
  );
}
