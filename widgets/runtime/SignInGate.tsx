/**
 * A widget needs a signed-in user. With the SDK's own sign-in (OIDC) a signed-out widget offers a
 * "Sign in" button that goes to the identity provider and comes back; with host-supplied tokens it
 * says the host has not provided one.
 *
 * A signed-in person who has not accepted the terms of service is served nothing by the API (the
 * SDK's `terms-required` event): the widget says so and links to the portal's terms page, and tries
 * again when the person comes back to this page.
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
  const [termsRequired, setTermsRequired] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void sdk.auth.signedIn().then((value) => live && setSignedIn(value));
    const off = sdk.on('auth', ({ signedIn: value }) => setSignedIn(value));
    return () => {
      live = false;
      off();
    };
  }, [sdk]);

  useEffect(() => sdk.on('terms-required', ({ message }) => setTermsRequired(message)), [sdk]);
  useEffect(() => {
    if (termsRequired === null) return;
    // Back from the terms page (another tab): show the widget again, which asks again.
    const again = () => setTermsRequired(null);
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [termsRequired]);

  if (signedIn === null) return <Spinner size="tiny" label="Checking your sign-in…" />;
  if (signedIn && termsRequired !== null) {
    const termsUrl = sdk.server?.termsUrl;
    return (
      <Settled>
        <section className={styles.panel} aria-label="Terms of service">
          <span className={styles.title}>Terms of service</span>
          <span className={styles.body}>{termsRequired}</span>
          {termsUrl ? (
            <Button appearance="primary" as="a" href={termsUrl} target="_blank" rel="noopener">
              Review the terms
            </Button>
          ) : null}
        </section>
      </Settled>
    );
  }
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
