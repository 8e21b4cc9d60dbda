/**
 * The two ways a message reaches a patient, as every form that sends one shows them: a Text Message
 * switch over the mobile phone, an Email switch over the address, each field required while its
 * switch is on and closed while it is off, and the spec's no-channel message under both. The card
 * request, New Payment Request and New Membership by link had a copy each. The rule behind the
 * messages is the SDK's (embed-sdk/validation/channels.ts); the fields start from
 * `channelPrefill` (./channels.ts). A form that reaches several patients (a reimbursement's shares)
 * keeps each one's channels under a `prefix` ('requests.0.').
 */
import { Field, makeStyles, mergeClasses, Switch, tokens } from '@fluentui/react-components';
import { Controller, get, useFormState, useWatch, type Control, type FieldValues } from 'react-hook-form';
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

export function ChannelFields<T extends FieldValues>(props: {
  /** A form with the channels at its root, or under `prefix`. */
  control: Control<T>;
  /** Two columns where the form is wide (New Membership); one under the other otherwise. */
  sideBySide?: boolean;
  /** Where the channels are in the form ('requests.0.'); at its root when absent. */
  prefix?: string;
}) {
  const styles = useStyles();
  // The channels are fields every such form has; react-hook-form cannot type a generic form's paths.
  const control = props.control as unknown as Control<ChannelValues>;
  const prefix = (props.prefix ?? '') as '';
  const on = useWatch({ control, name: [`${prefix}notifyText`, `${prefix}notifyEmail`] });
  const { errors } = useFormState({ control, name: `${prefix}notifyText` });
  const noChannel = (get(errors, `${prefix}notifyText`) as { message?: string } | undefined)?.message;
  return (
    <>
      <div className={mergeClasses(styles.channels, props.sideBySide && styles.sideBySide)}>
        {CHANNELS.map((channel, i) => (
          <div key={channel.toggle} className={styles.channel}>
            <Controller
              name={`${prefix}${channel.toggle}`}
              control={control}
              // A switch changes what its field must hold: once the form has been submitted, the
              // field is checked again (and its message goes when the switch goes off).
              rules={{ deps: [`${prefix}${channel.field}`] }}
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
              name={`${prefix}${channel.field}`}
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
      {noChannel ? (
        <Field validationState="error" validationMessage={noChannel}>
          {null}
        </Field>
      ) : null}
    </>
  );
}
