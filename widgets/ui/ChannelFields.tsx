/**
 * The two ways a message reaches a patient, as every form that sends one shows them: a Text Message
 * switch over the mobile phone, an Email switch over the address, each field required while its
 * switch is on and closed while it is off, and the spec's no-channel message under both. The card
 * request, New Payment Request and New Membership by link had a copy each. The rule behind the
 * messages is the SDK's (embed-sdk/validation/channels.ts); the fields start from
 * `channelPrefill` (./channels.ts).
 */
import { Field, makeStyles, mergeClasses, Switch, tokens } from '@fluentui/react-components';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import type { ChannelValues } from '../../embed-sdk/validation/channels.js';
import { InputField } from './formFields.js';

export const CHANNEL_TEXT = {
  textMessage: 'Text Message',
  mobilePhone: 'Mobile phone',
  email: 'Email',
  emailAddress: 'Email address',
} as const;

const CHANNELS = [
  {
    toggle: 'notifyText',
    field: 'cell',
    label: CHANNEL_TEXT.textMessage,
    fieldLabel: CHANNEL_TEXT.mobilePhone,
    type: 'tel',
    maxLength: 40,
  },
  {
    toggle: 'notifyEmail',
    field: 'email',
    label: CHANNEL_TEXT.email,
    fieldLabel: CHANNEL_TEXT.emailAddress,
    type: 'email',
    maxLength: 254,
  },
] as const;

const useStyles = makeStyles({
  channels: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  sideBySide: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
  },
  channel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export function ChannelFields<T extends ChannelValues>(props: {
  control: Control<T>;
  /** Two columns where the form is wide (New Membership); one under the other otherwise. */
  sideBySide?: boolean;
}) {
  const styles = useStyles();
  // The channels are fields every such form has; react-hook-form cannot type a generic form's paths.
  const control = props.control as unknown as Control<ChannelValues>;
  const on = useWatch({ control, name: ['notifyText', 'notifyEmail'] });
  const { errors } = useFormState({ control, name: 'notifyText' });
  return (
    <>
      <div className={mergeClasses(styles.channels, props.sideBySide && styles.sideBySide)}>
        {CHANNELS.map((channel, i) => (
          <div key={channel.toggle} className={styles.channel}>
            <Controller
              name={channel.toggle}
              control={control}
              // A switch changes what its field must hold: once the form has been submitted, the
              // field is checked again (and its message goes when the switch goes off).
              rules={{ deps: [channel.field] }}
              render={({ field }) => (
                <Switch
                  ref={field.ref}
                  name={field.name}
                  label={channel.label}
                  checked={field.value}
                  onChange={(_event, data) => field.onChange(data.checked)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <InputField
              control={control}
              name={channel.field}
              label={channel.fieldLabel}
              required={on[i]}
              disabled={!on[i]}
              type={channel.type}
              autoComplete="off"
              maxLength={channel.maxLength}
            />
          </div>
        ))}
      </div>
      {errors.notifyText?.message ? (
        <Field validationState="error" validationMessage={errors.notifyText.message}>
          {null}
        </Field>
      ) : null}
    </>
  );
}
