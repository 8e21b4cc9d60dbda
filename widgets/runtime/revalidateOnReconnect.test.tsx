/** What the widgets show is fetched again when the realtime hub reconnects, and only then. */
import { act, render, screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../embed-sdk/events.js';
import '../ui/testing/domMatchers.js';
import { ONCE } from '../ui/data.js';
import { revalidateOnReconnect } from './revalidateOnReconnect.js';

function Shown({ name, fetches, once }: { name: string; fetches: Map<string, number>; once?: boolean }) {
  const { data } = useSWR(
    `reconnect-test/${name}`,
    async () => {
      const n = (fetches.get(name) ?? 0) + 1;
      fetches.set(name, n);
      return n;
    },
    { dedupingInterval: 0, ...(once ? ONCE : {}) },
  );
  return <p>{`${name}: fetch ${data ?? 0}`}</p>;
}

describe('revalidateOnReconnect', () => {
  it('fetches what is on screen again after the hub reconnects, not on its first connection', async () => {
    const events = createEventBus();
    revalidateOnReconnect(events);
    // Wired twice (two elements on one page): still one revalidation per reconnect.
    revalidateOnReconnect(events);
    const fetches = new Map<string, number>();
    render(
      <>
        <Shown name="list" fetches={fetches} />
        <Shown name="settings" fetches={fetches} once />
      </>,
    );
    await screen.findByText('list: fetch 1');
    await screen.findByText('settings: fetch 1');

    act(() => events.emit('realtime-state', { state: 'connected' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(Object.fromEntries(fetches)).toEqual({ list: 1, settings: 1 });

    act(() => events.emit('realtime-state', { state: 'disconnected' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(Object.fromEntries(fetches)).toEqual({ list: 1, settings: 1 });

    act(() => events.emit('realtime-state', { state: 'connected' }));
    await screen.findByText('list: fetch 2');
    await screen.findByText('settings: fetch 2');
    await waitFor(() => expect(Object.fromEntries(fetches)).toEqual({ list: 2, settings: 2 }));
  });
});
