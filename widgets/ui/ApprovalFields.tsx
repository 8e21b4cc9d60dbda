/**
 * How the patient approved what a form sets up (New Payment Plan, New Membership): the methods as a
 * row of radios, and the signature the patient types when the method is a signature. Each form
 * brings its own methods, words and rules; what a method other than the signature asks for (New
 * Membership's checkbox) the form places after these fields.
 */
import { Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { Controller, useWatch, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

export interface ApprovalFieldsProps<T extends FieldValues, M extends string> {
  control: Control<T>;
  /** The method's field ('' until one is chosen). */
  methodName: FieldPathByValue<T, NoInfer<M> | ''>;
  /** The typed signature's field. */
  signatureName: FieldPathByValue<T, string>;
  /** The methods, in the order shown, with their labels. */
  methods: Readonly<Record<M, string>>;
  /** The method that asks for a typed signature. */
  signatureMethod: NoInfer<M>;
  texts: {
    /** The radios' label ('Patient approved by'). */
    method: string;
    signature: string;
    signatureHint: string;
  };
}

export function ApprovalFields<T extends FieldValues, M extends string>({
  control,
  methodName,
  signatureName,
  methods,
  signatureMethod,
  texts,
}: ApprovalFieldsProps<T, M>) {
  const method: unknown = useWatch({ control, name: methodName });
  return (
    <>
      <Controller
        name={methodName}
        control={control}
        render={({ field, fieldState }) => (
          <Field
            label={texts.method}
            required
            validationState={fieldState.error ? 'error' : 'none'}
            validationMessage={fieldState.error?.message}
          >
            <RadioGroup
              layout="horizontal"
              name={field.name}
              value={field.value as string}
              onChange={(_e, data) => field.onChange(data.value)}
            >
              {(Object.entries(methods) as [M, string][]).map(([value, label]) => (
                <Radio key={value} value={value} label={label} />
              ))}
            </RadioGroup>
          </Field>
        )}
      />
      {method === signatureMethod ? (
        <Controller
          name={signatureName}
          control={control}
          render={({ field, fieldState }) => (
            <Field
              label={texts.signature}
              hint={texts.signatureHint}
              required
              validationState={fieldState.error ? 'error' : 'none'}
              validationMessage={fieldState.error?.message}
            >
              <Input
                ref={field.ref}
                name={field.name}
                maxLength={200}
                autoComplete="off"
                value={field.value as string}
                onChange={(_e, data) => field.onChange(data.value)}
                onBlur={field.onBlur}
              />
            </Field>
          )}
        />
      ) : null}
    </>
  );
}
