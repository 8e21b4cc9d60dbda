/**
 * A widget needs a signed-in user. With the SDK's own sign-in (OIDC) a signed-out widget offers a
 * "Sign in" button that goes to the identity provider and comes back; with host-supplied tokens it
 * says the host has not provided one.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Settled } from './firstView.js';
import { useSdk } from './SdkContext.js';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    maxWidth: '420px',
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // Plain spans in the root's typography (Fluent's Text would add a component to the first load).
  title: { fontWeight: tokens.fontWeightSemibold },
  body: { color: tokens.colorNeutralForeground2 },
});

export function SignInGate({ children }: { children: ReactNode }) {
  const sdk = useSdk();
  const styles = useStyles();
  const [signedIn, setSignedIn] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    void sdk.auth.signedIn().then((value) => live && setSignedIn(value));
    const off = sdk.on('auth', ({ signedIn: value }) => setSignedIn(value));
    return () => {
      live = false;
      off();
    };
  }, [sdk]);

  if (signedIn === null) return <Spinner size="tiny" label="Checking your sign-in…" />;
  if (signedIn) return <>{children}</>;
  const oidc = sdk.auth.mode === 'oidc';
  return (
    <Settled>
      <section className={styles.panel} aria-label="Sign in to Chairside">
        <span className={styles.title}>Sign in to Chairside</span>
        <span className={styles.body}>
          {oidc
            ? 'Sign in with your Chairside account to search patients and take payments.'
            : 'This page has not provided a Chairside sign-in yet.'}
        </span>
        {oidc ? (
          <Button appearance="primary" onClick={() => void sdk.auth.signIn()}>
            Sign in
          </Button>
        ) : null}
      </section>
    </Settled>
  );
}
