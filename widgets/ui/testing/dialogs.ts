/**
 * Dialogs in jsdom as a browser would have them: jsdom lays nothing out and moves no focus, so a test
 * gives a dialog the focus a browser would, and waits for Fluent's modal to make it accessible.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

function labelledByText(element: HTMLElement): string | null {
  const ids = element.getAttribute('aria-labelledby');
  if (!ids) return null;
  return ids
    .split(/\s+/)
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/**
 * Waits for a dialog (or alert dialog) and puts the focus on its first button, as a browser does
 * when it opens: jsdom lays nothing out, so Fluent's focus manager finds nothing focusable there,
 * its modal never becomes active, and a later dialog would come up hidden from screen readers.
 */
export async function focusedDialog(name: RegExp | string, role: 'dialog' | 'alertdialog' = 'dialog') {
  // Found even while the dialog under it (or Fluent's modalizer, on the surface itself) still hides
  // it: the focus moving in is what shows it. A hidden element's accessible name is empty, so the
  // name is matched on its aria-label or the text of what labels it instead.
  const named = (text: string | null) =>
    text !== null && (typeof name === 'string' ? text === name : name.test(text));
  const dialog = await waitFor(() => {
    const found = screen
      .getAllByRole(role, { hidden: true })
      .find((d) => named(d.getAttribute('aria-label')) || named(labelledByText(d)));
    if (!found) throw new Error(`No ${role} named ${String(name)} yet.`);
    return found;
  });
  // A disabled button takes no focus (a form's first button may be, e.g. removing its only line).
  const buttons = within(dialog).getAllByRole('button', { hidden: true });
  act(() => (buttons.find((b) => !(b as HTMLButtonElement).disabled) ?? buttons[0]!).focus());
  await waitFor(() => expect(dialog.closest('[aria-hidden="true"]')).toBeNull());
  return dialog;
}

/**
 * After a dialog closed, puts the focus back on the first button of `container` (where a browser's
 * focus restorer would put it) and waits until Fluent's modal has made it accessible again.
 */
export async function returnFocus(container: HTMLElement) {
  const button = within(container).getAllByRole('button', { hidden: true })[0]!;
  act(() => button.focus());
  await waitFor(() => expect(button.closest('[aria-hidden="true"]')).toBeNull());
}
