/**
 * The alerts at the top of a detail modal (the payment plan's, the membership's): a stack of message
 * bars, each named by its title for a screen reader, with the actions the person may take on the
 * right; and the note while a card charge is under way (its changes wait until it is recorded).
 */
import {
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  type MessageBarIntent,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  alerts: { display: 'flex', flexDirection: 'column', gap: '8px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

export function AlertStack({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.alerts}>{children}</div>;
}

export function DetailAlert(props: {
  intent: MessageBarIntent;
  title: string;
  children: ReactNode;
  /** The buttons (and checkboxes) the person may use; nothing when none is theirs. */
  actions?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <MessageBar intent={props.intent} layout="multiline" aria-label={props.title}>
      <MessageBarBody>
        <MessageBarTitle>{props.title}</MessageBarTitle>
        {props.children}
      </MessageBarBody>
      {props.actions ? (
        <MessageBarActions>
          <div className={styles.actions}>{props.actions}</div>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  );
}

/** A card charge of the record is under way. */
export function ChargeInProgressNote({ children }: { children: ReactNode }) {
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}
