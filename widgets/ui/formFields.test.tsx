/**
 * The bound text boxes: the form's value and change, the field's error as its message, the focus
 * on the first failing field after a submit, and a Textarea's own ref next to the form's.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { createRef } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { InputField, MONEY_INPUT, TextareaField } from './formFields.js';
import './testing/domMatchers.js';

const schema = z.object({
  amount: z.string().regex(/^\d+(\.\d{2})?$/, 'Enter an amount such as 12.50.'),
  note: z.string().max(10, 'Keep the note to 10 characters.'),
});
type Values = z.infer<typeof schema>;

function setUp() {
  const onSubmit = vi.fn();
  const noteRef = createRef<HTMLTextAreaElement>();
  function Form() {
    const { control, handleSubmit } = useForm<Values>({
      resolver: zodResolver(schema),
      defaultValues: { amount: '', note: '' },
    });
    return (
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <InputField control={control} name="amount" label="Amount" required {...MONEY_INPUT} />
        <TextareaField control={control} name="note" label="Note" textareaRef={noteRef} />
        <button type="submit">Save</button>
      </form>
    );
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <Form />
    </FluentProvider>,
  );
  return { onSubmit, noteRef };
}

describe('InputField and TextareaField', () => {
  it('show the field’s error as its message and focus the first failing field', async () => {
    const { onSubmit } = setUp();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'far too long a note');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(await screen.findByText('Enter an amount such as 12.50.')).toBeInTheDocument();
    expect(screen.getByText('Keep the note to 10 characters.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('give the form what is typed, and the Textarea keeps its own ref', async () => {
    const { onSubmit, noteRef } = setUp();
    const user = userEvent.setup();
    expect(noteRef.current).toBe(screen.getByRole('textbox', { name: 'Note' }));
    expect(screen.getByText('$')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '12.50');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'At desk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ amount: '12.50', note: 'At desk' });
  });
});
