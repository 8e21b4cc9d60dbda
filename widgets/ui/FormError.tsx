/**
 * A form's error area (FormDialog.tsx): what the server or the card said, inside the dialog, which
 * covers the page's banners. In a file of its own, so that FormDialog, the frame of every form and of
 * the allocation modal, does not bring Fluent's MessageBar to a widget that has nothing to say yet:
 * the forms that show one import it from here.
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export interface FormErrorProps {
  message: ReactNode;
  title?: string;
}

/** The form's error area; nothing when there is no error. */
export function FormError({ message, title }: FormErrorProps) {
  if (!message) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {message}
      </MessageBarBody>
    </MessageBar>
  );
}
