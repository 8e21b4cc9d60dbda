/**
 * A list's failure as a Fluent MessageBar, with Try again where the list offers it. ListFrame.tsx
 * loads it on demand: a list that loads (nearly always) does not download the MessageBar.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

export interface ListFailureProps {
  failedText: string;
  onRetry?: () => void;
}

export function ListFailure({ failedText, onRetry }: ListFailureProps) {
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{failedText}</MessageBarBody>
      {onRetry ? (
        <MessageBarActions>
          <Button onClick={onRetry}>Try again</Button>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  );
}
