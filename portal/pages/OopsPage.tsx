/**
 * The error page ('Oops!', the decoded error_message as plain text, 'Back to dashboard') and the
 * not-found page ('Oops!', 'Page not found.', a link back), spec part 1, section 2.
 */
import { useRouteError, useSearchParams } from 'react-router-dom';
import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { BlankLayout } from '../shell/BlankLayout.js';
import { useDocumentTitle } from './PageHeader.js';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'flex-start' },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  message: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase400 },
});

function Oops({ message, title }: { message: string; title: string }) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>Oops!</h1>
      {/* Text, never markup: the message comes from the address bar. */}
      <Text className={styles.message} data-testid="error-message">
        {message}
      </Text>
      <Link href="#/dashboard">Back to dashboard</Link>
    </div>
  );
}

export function ErrorPage() {
  const [params] = useSearchParams();
  // URLSearchParams has decoded it once already.
  return <Oops title="Error" message={params.get('error_message') ?? 'Something went wrong.'} />;
}

export function NotFoundPage() {
  return <Oops title="Page not found" message="Page not found." />;
}

/** A route that failed to render (the router's error element): the same page, with what happened. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Chairside: a page failed.', error);
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <BlankLayout>
      <Oops title="Error" message={message} />
    </BlankLayout>
  );
}
