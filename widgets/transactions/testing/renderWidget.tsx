/**
 * Renders the transactions widgets with a fresh SWR cache per test and the fake SDK, as the portal
 * places them (or, `asElement`, with a host element of their own).
 */
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SdkContext } from '../../runtime/SdkContext.js';
import { WidgetHostContext } from '../../runtime/WidgetHostContext.js';
import { createFakeSdk, type FakeHandler, type FakeSdkOptions } from '../../ui/testing/fakeSdk.js';
import { TransactionDetails, type TransactionDetailsProps } from '../details/TransactionDetails.js';
import { Transactions, type TransactionsProps } from '../Transactions.js';
import { fakeTransactionServer, type FakeTransactionServerOptions } from './fakeTransactionServer.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';

export type Fake = ReturnType<typeof createFakeSdk>;

function wrap(fake: Fake, children: ReactNode) {
  return (
    <FluentProvider theme={webLightTheme}>
      <WidgetHostContext.Provider value={{ element: null, instanceId: 'portal' }}>
        <SdkContext.Provider value={fake.sdk}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
        </SdkContext.Provider>
      </WidgetHostContext.Provider>
    </FluentProvider>
  );
}

export function setUp(
  rows: Transaction[],
  options: FakeTransactionServerOptions & FakeSdkOptions & { extra?: Record<string, FakeHandler> } = {},
) {
  const server = fakeTransactionServer(rows, options);
  const fake = createFakeSdk({ ...server.handlers, ...(options.extra ?? {}) }, options);
  return { server, fake };
}

export function renderTransactions(fake: Fake, props: Partial<TransactionsProps> = {}) {
  return render(wrap(fake, <Transactions {...props} />));
}

/** Any of the capability's parts (a dialog), as the list would place it. */
export function renderPart(fake: Fake, part: ReactNode) {
  return render(wrap(fake, part));
}

export function renderDetails(fake: Fake, props: TransactionDetailsProps) {
  return render(wrap(fake, <TransactionDetails {...props} />));
}

/** A row's menu button once its menu's code is here (it shows, unavailable, until then). */
export async function menuButton(name: string) {
  const label = `Actions for ${name}`;
  await waitFor(() => expect(screen.getByRole('button', { name: label })).not.toBeDisabled());
  return screen.getByRole('button', { name: label });
}
