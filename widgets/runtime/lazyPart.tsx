/**
 * A part of a widget whose code loads on demand: a dialog, a modal's body, the message bars. React's
 * `lazy` does the waiting; this adds what every such part needs besides:
 * - one request for the chunk, shared by whoever asks first (a page may start it on pointer-enter or
 *   focus, a hook once the part is wanted, the render itself);
 * - a second try after a failure: `load` and `prefetch` ask again, and a part rendered before its
 *   code came, whose chunk then failed (the connection dropped, a deploy replaced the file), says so
 *   in its own place instead of taking its whole widget down; rendered afresh, or with its Try
 *   again (`failure`), it asks again. React's `lazy` keeps a failure for good, so a try after one
 *   renders a new `lazy`;
 * - the Suspense boundary with the part's own fallback (which may depend on its props).
 */
import {
  Component as ReactComponent,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { onceUnlessFailed } from '../../embed-sdk/onceUnlessFailed.js';

export interface LazyPart<P> {
  /** The part's module: asked for once, and again after a failure (which it rejects with). */
  load(): Promise<unknown>;
  /**
   * Starts loading, for a pointer-enter or a focus: a failure is not reported here, the action that
   * needs the part asks again and shows it.
   */
  prefetch(): void;
  /** The part, behind its own Suspense boundary (and its own boundary for a failed load). */
  Component: (props: P) => ReactNode;
}

export const PART_TEXT = {
  failed: 'This part of Chairside could not load. Check the connection and try again.',
  tryAgain: 'Try again',
};

/** What a part shows when its code could not load; `retry` asks for the code again. */
export type PartFailure<P> = (props: P, retry: () => void) => ReactNode;

/**
 * The default: what happened (the browser's reason goes to the console). A part rendered afresh
 * (a dialog opened again) asks again by itself; a part that stays in place gives `retryFailure`
 * (widgets/ui/RetryAlert.tsx), with Try again. Fluent's Button stays out of the runtime, which every
 * widget loads first: importing it here re-cut the shared chunks and cost the first widget 1.4 kB.
 */
function plainFailure(): ReactNode {
  return <div role="alert">{PART_TEXT.failed}</div>;
}

/** The part's chunk did not load (as opposed to an error in the part's own code). */
class PartLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PartLoadError';
  }
}

interface BoundaryProps {
  /** A new value (a new `lazy` after a try) clears a failure shown for the previous one. */
  code: unknown;
  failure: () => ReactNode;
  children: ReactNode;
}

/**
 * Catches the part's failed load only; anything else its code throws goes on to the widget's own
 * boundary. Hand-written: a dozen lines, where react-error-boundary would cost the first widget's
 * download budget for the same.
 */
class LoadBoundary extends ReactComponent<BoundaryProps, { error: unknown; code: unknown }> {
  override state = { error: null as unknown, code: this.props.code };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; code: unknown }) {
    return props.code === state.code ? null : { error: null, code: props.code };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof PartLoadError) console.error(`A part of Chairside could not load: ${error.message}`);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    return this.props.failure();
  }
}

export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
  failure: PartFailure<P> = plainFailure,
): LazyPart<P> {
  const loadOnce = onceUnlessFailed(load);
  // Once the code is here, an instance renders the part itself: a `lazy` never rendered before
  // suspends once even when its module has long arrived, and the part's first view would wait a
  // frame behind its fallback (a detail dialog opened after its prefetch: 433 ms against 369).
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    loadOnce().then((module) => {
      loaded ??= pick(module);
      return module;
    });
  // Shared by every instance of the part; one whose load failed is replaced at once, so the next
  // instance (a modal opened again) or a Try again asks for the chunk again.
  const newCode = (): ComponentType<P> => {
    const code = lazy(() =>
      loadAndKeep().then(
        (module) => ({ default: loaded ?? pick(module) }),
        (error: unknown) => {
          if (current === code) current = newCode();
          return Promise.reject(new PartLoadError(error));
        },
      ),
    );
    return code;
  };
  let current = newCode();

  function Component(props: P) {
    // Kept by the instance: a failure stays in place until Try again, not retried by every render.
    const [Code, setCode] = useState(() => loaded ?? current);
    const retry = () => setCode(() => current);
    return (
      <LoadBoundary code={Code} failure={() => failure(props, retry)}>
        <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
          <Code {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return {
    load: loadAndKeep,
    prefetch: () => void loadAndKeep().catch(() => undefined),
    Component,
  };
}

/**
 * Whether a part's code is here, asking for it once `wanted`: a widget that never needs the part
 * never pays for it. A failure is tried again when the part is wanted again.
 */
export function usePartLoaded(part: Pick<LazyPart<never>, 'load'>, wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    part.load().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [part, wanted]);
  return loaded;
}
