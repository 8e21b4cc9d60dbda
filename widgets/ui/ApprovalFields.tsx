/**
 * How the patient approved what a form sets up (New Payment Plan, New Membership): the methods as a
 * row of radios, and the signature the patient types when the method is a signature. Each form
 * brings its own methods, words and rules; what a method other than the signature asks for (New
 * Membership's checkbox) the form places after these fields.
 */
import { useWatch, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { InputField, RadioField } from './formFields.js';

export interface ApprovalFieldsProps<T extends FieldValues, M extends string> {
  control: Control<T>;
  /** The method's field ('' until one is chosen). */
  methodName: FieldPathByValue<T, string>;
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
      <RadioField control={control} name={methodName} label={texts.method} required choices={methods} />
      {method === signatureMethod ? (
        <InputField
          control={control}
          name={signatureName}
          label={texts.signature}
          hint={texts.signatureHint}
          required
          maxLength={200}
          autoComplete="off"
        />
      ) : null}
    </>
  );
}
