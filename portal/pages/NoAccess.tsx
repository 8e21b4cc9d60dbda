/** Shown instead of a screen the user's roles (or the practice system) do not allow. */
import { Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { PageHeader } from './PageHeader.js';

export function NoAccess({ title, reason }: { title: string; reason: string }) {
  return (
    <>
      <PageHeader title={title} />
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Not available</MessageBarTitle>
          {reason} Ask your practice's administrator if you need it.{' '}
          <Link href="#/transactions">Go to Transactions</Link>
        </MessageBarBody>
      </MessageBar>
    </>
  );
}
