/**
 * Around each screen: a spinner while its code loads, and, if it cannot load (the 120 s time-out, a
 * chunk that failed) or it crashes, an explanation with a way out, while the shell stays usable.
 */
import { Component, Suspense, type ReactNode } from 'react';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { ScreenLoadTimeoutError } from './lazyWithTimeout.js';

const useStyles = makeStyles({
  loading: { padding: tokens.spacingVerticalXXL, display: 'flex', justifyContent: 'center' },
  failed: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    alignItems: 'flex-start',
  },
});

export function ScreenLoading() {
  const styles = useStyles();
  return (
    <div className={styles.loading}>
      <Spinner label="Loading…" />
    </div>
  );
}

function ScreenFailed({ error }: { error: Error }) {
  const styles = useStyles();
  const title =
    error instanceof ScreenLoadTimeoutError
      ? 'This screen took too long to load'
      : 'This screen could not be shown';
  return (
    <div className={styles.failed}>
      <MessageBar intent="error" layout="multiline" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{title}</MessageBarTitle>
          {error.message} Check the connection and reload the page.
        </MessageBarBody>
      </MessageBar>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Chairside: a screen failed.', error);
  }

  override render() {
    return this.state.error ? <ScreenFailed error={this.state.error} /> : this.props.children;
  }
}

/** Give it `key={location.pathname}` so that moving to another screen starts afresh. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return (
    <Boundary>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </Boundary>
  );
}
