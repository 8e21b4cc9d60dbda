/**
 * A part of a widget whose code loads on demand: a dialog, a modal's body, the message bars. React's
 * `lazy` does the waiting; this adds what every such part needs besides:
 * - one request for the chunk, shared by whoever asks first (a page may start it on pointer-enter or
 *   focus, a hook once the part is wanted, the render itself);
 * - a second try after a failure, for `load` and `prefetch` (and so for a part rendered only once
 *   `usePartLoaded` says its code is here): a chunk that failed to load may load on the next try.
 *   React's `lazy` keeps the error of a render that failed, so a part rendered before its code came
 *   shows that failure to its error boundary until the page reloads;
 * - the Suspense boundary with the part's own fallback (which may depend on its props).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { onceUnlessFailed } from '../../embed-sdk/onceUnlessFailed.js';

export interface LazyPart<P> {
  /** The part's module: asked for once, and again after a failure (which it rejects with). */
  load(): Promise<unknown>;
  /**
   * Starts loading, for a pointer-enter or a focus: a failure is not reported here, the action that
   * needs the part asks again and shows it.
   */
  prefetch(): void;
  /** The part, behind its own Suspense boundary. */
  Component: (props: P) => ReactNode;
}

export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): LazyPart<P> {
  const loadOnce = onceUnlessFailed(load);
  const Code = lazy(() => loadOnce().then((module) => ({ default: pick(module) })));
  function Component(props: P) {
    return (
      <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
        <Code {...props} />
      </Suspense>
    );
  }
  return {
    load: loadOnce,
    prefetch: () => void loadOnce().catch(() => undefined),
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
