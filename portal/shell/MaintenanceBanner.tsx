/**
 * The platform's maintenance notice (System Admin), at the top of every page of the portal and the
 * admin area, for every person, as the session last read it. It cannot be dismissed: it says what
 * everyone must know until an administrator takes it down.
 */
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useSession } from '../session/SessionContext.js';

const useStyles = makeStyles({ bar: { marginBottom: tokens.spacingVerticalL } });

export function MaintenanceBanner() {
  const styles = useStyles();
  const text = useSession().session?.maintenanceBanner;
  if (!text) return null;
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.bar} aria-label="Maintenance notice">
      <MessageBarBody>
        <MessageBarTitle>Maintenance</MessageBarTitle>
        {text}
      </MessageBarBody>
    </MessageBar>
  );
}
