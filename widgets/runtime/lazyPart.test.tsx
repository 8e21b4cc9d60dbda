/**
 * A part whose code loads on demand: one request however many ask, a second try after a failure,
 * its fallback until the code is here, and the hook that asks for it only once it is wanted.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart, usePartLoaded } from './lazyPart.js';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A chunk whose loading the test settles by hand. */
function chunk() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ Greeting: typeof Greeting }>((resolve, reject) => {
        calls.push({ resolve: () => resolve({ Greeting }), reject });
      }),
  );
  return { load, calls };
}

describe('lazyPart', () => {
  afterEach(cleanup);

  it('asks for the chunk once, however many ask, and shows its fallback until it is here', async () => {
    const { load, calls } = chunk();
    const part = lazyPart(
      load,
      (module) => module.Greeting,
      (props) => <p>Loading {props.name}…</p>,
    );
    part.prefetch();
    void part.load();
    render(<part.Component name="Grace" />);
    expect(screen.getByText('Loading Grace…')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => calls[0]!.resolve());
    expect(await screen.findByText('Hello, Grace')).toBeTruthy();
    expect(screen.queryByText('Loading Grace…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failure; a prefetch does not report it, a load does', async () => {
    const { load, calls } = chunk();
    const part = lazyPart(load, (module) => module.Greeting);
    const failed = part.load();
    part.prefetch(); // the same request: no second call while it is on its way
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]!.reject(new Error('chunk missing'));
    await expect(failed).rejects.toThrow('chunk missing');

    const again = part.load();
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]!.resolve();
    await expect(again).resolves.toEqual({ Greeting });
  });

  it('usePartLoaded asks for the code only once the part is wanted, and says when it is here', async () => {
    const { load, calls } = chunk();
    const part = lazyPart(load, (module) => module.Greeting);
    function Probe({ wanted }: { wanted: boolean }) {
      return <p>{usePartLoaded(part, wanted) ? 'loaded' : 'not loaded'}</p>;
    }
    const view = render(<Probe wanted={false} />);
    expect(load).not.toHaveBeenCalled();

    view.rerender(<Probe wanted />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('not loaded')).toBeTruthy();
    await act(async () => calls[0]!.resolve());
    expect(screen.getByText('loaded')).toBeTruthy();
  });

  it('usePartLoaded tries again when the part is wanted again after a failure', async () => {
    const { load, calls } = chunk();
    const part = lazyPart(load, (module) => module.Greeting);
    function Probe({ wanted }: { wanted: boolean }) {
      return <p>{usePartLoaded(part, wanted) ? 'loaded' : 'not loaded'}</p>;
    }
    const view = render(<Probe wanted />);
    await act(async () => calls[0]!.reject(new Error('offline')));
    expect(screen.getByText('not loaded')).toBeTruthy();

    view.rerender(<Probe wanted={false} />);
    view.rerender(<Probe wanted />);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve());
    expect(screen.getByText('loaded')).toBeTruthy();
  });
});
