/**
 * Text boxes and radios bound to a react-hook-form form: a Fluent Field (its label, hint and required
 * mark, and the form's error for the field as its validation message) around an Input, a Textarea
 * or a row of radios that takes the form's value and change (a box its blur and ref too, so a failed
 * submit can focus it). The widgets' forms wrote this glue out by hand around each Controller.
 */
import {
  Field,
  Input,
  Radio,
  RadioGroup,
  Textarea,
  useMergedRefs,
  type FieldProps,
  type InputProps,
  type TextareaProps,
} from '@fluentui/react-components';
import type { Ref } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';

/** An amount of money typed in dollars ("12.50"; the form's schema turns it into cents). */
export const MONEY_INPUT = { inputMode: 'decimal', contentBefore: '$' } as const satisfies InputProps;

type FieldPart = Pick<FieldProps, 'label' | 'hint' | 'required' | 'className'>;

interface Bound<T extends FieldValues> extends FieldPart {
  control: Control<T>;
  /** A field whose value is the text as typed. */
  name: FieldPathByValue<T, string>;
}

type Owned = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur';

/** Splits a bound field's props into the Field's (with the form's control and name) and the box's. */
function split<T extends FieldValues, R>(props: Bound<T> & R) {
  const { control, name, label, hint, required, className, ...box } = props;
  return [{ control, name, label, hint, required, className }, box] as const;
}

/** The Controller and the Field around a box that `render` gives for the form's field. */
function BoundField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  className,
  render,
}: Bound<T> & { render: (field: ControllerRenderProps<T>) => FieldProps['children'] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          hint={hint}
          required={required}
          className={className}
          validationState={fieldState.error ? 'error' : 'none'}
          validationMessage={fieldState.error?.message}
        >
          {render(field as ControllerRenderProps<T>)}
        </Field>
      )}
    />
  );
}

export function InputField<T extends FieldValues>(props: Bound<T> & Omit<InputProps, Owned>) {
  const [bound, input] = split(props);
  return (
    <BoundField
      {...bound}
      render={(field) => (
        <Input
          {...input}
          ref={field.ref}
          name={field.name}
          value={field.value as string}
          onChange={(_e, data) => field.onChange(data.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

type TextareaBoxProps = Omit<TextareaProps, Owned> & { textareaRef?: Ref<HTMLTextAreaElement> };

/** A Textarea that keeps the form's ref and, merged with it, one of its own (an auto-size). */
function BoundTextarea<T extends FieldValues>({
  field,
  textareaRef,
  ...textarea
}: TextareaBoxProps & { field: ControllerRenderProps<T> }) {
  const ref = useMergedRefs(field.ref, textareaRef);
  return (
    <Textarea
      {...textarea}
      ref={ref}
      name={field.name}
      value={field.value as string}
      onChange={(_e, data) => field.onChange(data.value)}
      onBlur={field.onBlur}
    />
  );
}

export function TextareaField<T extends FieldValues>(props: Bound<T> & TextareaBoxProps) {
  const [bound, textarea] = split(props);
  return <BoundField {...bound} render={(field) => <BoundTextarea field={field} {...textarea} />} />;
}

/** A row of radios, one for each of `choices` (value → label, in the order shown). */
export function RadioField<T extends FieldValues>(
  props: Bound<T> & { choices: Readonly<Record<string, string>> },
) {
  const { choices, ...bound } = props;
  return (
    <BoundField
      {...bound}
      render={(field) => (
        <RadioGroup
          layout="horizontal"
          name={field.name}
          value={field.value as string}
          onChange={(_e, data) => field.onChange(data.value)}
        >
          {Object.entries(choices).map(([value, label]) => (
            <Radio key={value} value={value} label={label} />
          ))}
        </RadioGroup>
      )}
    />
  );
}
