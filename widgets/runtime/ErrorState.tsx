/** The visible, explained state of a widget that cannot work (bad attribute, no init, a crash). */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

export function ErrorState({ title, message }: { title: string; message: string }) {
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {message}
      </MessageBarBody>
    </MessageBar>
  );
}
