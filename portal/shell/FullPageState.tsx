/**
 * What the person sees while the portal cannot show a screen yet: starting, signing in, or a problem
 * with the way forward. Never a blank page.
 */
import type { ReactNode } from 'react';
import {
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Logo } from './Logo.js';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    alignItems: 'flex-start',
    width: 'min(520px, 100%)',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export function FullPageLoading({ label }: { label: string }) {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Logo />
        <Spinner label={label} />
      </div>
    </main>
  );
}

export function FullPageProblem({
  title,
  message,
  actions,
}: {
  title: string;
  message: ReactNode;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Logo />
        <h1 style={{ margin: 0 }}>
          <Text size={600} weight="semibold">
            {title}
          </Text>
        </h1>
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>
            <MessageBarTitle>What happened</MessageBarTitle>
            {message}
          </MessageBarBody>
        </MessageBar>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </main>
  );
}
