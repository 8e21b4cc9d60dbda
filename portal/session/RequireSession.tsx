/**
 * The gate of every page that needs a signed-in person: it starts the session check, shows what is
 * happening meanwhile, and the problem with a way forward when sign-in or login cannot complete.
 */
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { LiveChatIdentity } from '../liveChat/LiveChatIdentity.js';
import { FullPageLoading, FullPageProblem } from '../shell/FullPageState.js';
import { useSessionContext } from './SessionContext.js';

export function RequireSession({ children }: { children?: ReactNode }) {
  const { state, ensure, retry, signOut } = useSessionContext();
  useEffect(() => ensure(), [ensure]);

  switch (state.status) {
    case 'idle':
    case 'checking':
      return <FullPageLoading label="Signing you in…" />;
    case 'redirecting':
      return <FullPageLoading label="Taking you to sign in…" />;
    case 'provider-unavailable':
      return (
        <FullPageProblem
          title="Chairside could not reach the sign-in service"
          message={`${state.message} Please try again in a moment.`}
          actions={
            <Button appearance="primary" onClick={() => window.location.reload()}>
              Try again
            </Button>
          }
        />
      );
    case 'login-failed':
      return (
        <FullPageProblem
          title="Your practice could not be loaded"
          message={`You are signed in, but Chairside could not start your session (${state.message}). Please try again in a moment.`}
          actions={
            <>
              <Button appearance="primary" onClick={retry}>
                Try again
              </Button>
              <Button onClick={() => void signOut()}>Sign out</Button>
            </>
          }
        />
      );
    case 'ready':
      return (
        <>
          <LiveChatIdentity />
          {children ?? <Outlet />}
        </>
      );
  }
}
