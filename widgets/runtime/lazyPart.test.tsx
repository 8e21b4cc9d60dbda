/**
 * A part whose code loads on demand: one request however many ask, a second try after a failure,
 * its fallback until the code is here, a failed load shown in the part's place with Try again (and
 * nothing else caught there), and the hook that asks for it only once it is wanted.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { lazyPart, PART_TEXT, usePartLoaded } from './lazyPart.js';

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
  // A failed load is reported on the console (and React reports what a boundary caught there too).
  let quiet: MockInstance<typeof console.error>;
  beforeEach(() => {
    quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => quiet.mockRestore());

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

  it('shows a failed load in its place; its Try again asks again and shows the part', async () => {
    const { load, calls } = chunk();
    const part = lazyPart(
      load,
      (module) => module.Greeting,
      <p>Loading…</p>,
      (_props, retry) => (
        <div role="alert">
          {PART_TEXT.failed} <button onClick={retry}>{PART_TEXT.tryAgain}</button>
        </div>
      ),
    );
    render(<part.Component name="Grace" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => calls[0]!.reject(new Error('Failed to fetch dynamically imported module')));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PART_TEXT.failed);
    expect(quiet).toHaveBeenCalledWith(
      'A part of Chairside could not load: Failed to fetch dynamically imported module',
    );
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: PART_TEXT.tryAgain }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => calls[1]!.resolve());
    expect(await screen.findByText('Hello, Grace')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a failure in place through renders, and a part rendered afresh asks again by itself', async () => {
    const { load, calls } = chunk();
    const part = lazyPart(load, (module) => module.Greeting);
    const view = render(<part.Component name="Grace" />);
    await act(async () => calls[0]!.reject(new Error('offline')));
    // By default, what happened and nothing to click: the part asks again when it is rendered afresh.
    expect((await screen.findByRole('alert')).textContent).toBe(PART_TEXT.failed);
    expect(screen.queryByRole('button')).toBeNull();

    view.rerender(<part.Component name="Carmen" />); // a parent's render is not a try
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain(PART_TEXT.failed);

    view.unmount(); // the modal closed, and is opened again
    render(<part.Component name="Carmen" />);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve());
    expect(await screen.findByText('Hello, Carmen')).toBeTruthy();
  });

  it('shows a part’s own failure content when it gives one', async () => {
    const { load, calls } = chunk();
    const part = lazyPart(
      load,
      (module) => module.Greeting,
      (props) => <p>Hello (plain), {props.name}</p>,
      (props) => <p>Hello (plain), {props.name}</p>,
    );
    render(<part.Component name="Grace" />);
    await act(async () => calls[0]!.reject(new Error('offline')));
    expect(screen.getByText('Hello (plain), Grace')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('leaves an error of the part’s own code to the widget’s boundary', async () => {
    class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
      override state = { error: null as Error | null };
      static getDerivedStateFromError(error: Error) {
        return { error };
      }
      override render() {
        return this.state.error ? <p>Outer caught: {this.state.error.message}</p> : this.props.children;
      }
    }
    function Broken(): ReactNode {
      throw new Error('a bug in the part');
    }
    const part = lazyPart(
      () => Promise.resolve({ Broken }),
      (module) => module.Broken,
    );
    render(
      <Outer>
        <part.Component />
      </Outer>,
    );
    expect(await screen.findByText('Outer caught: a bug in the part')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
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
