import { Component, type ReactNode } from 'react';
import { Settled } from './firstView.js';
import { LazyErrorState } from './LazyMessages.js';

/** Keeps a crash inside one widget from blanking it: it shows what happened instead. */
export class ErrorBoundary extends Component<{ tag: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`<${this.props.tag}> stopped working:`, error);
  }

  override render() {
    if (this.state.error) {
      return (
        <Settled>
          <LazyErrorState
            title="Something went wrong"
            message={`This part of Chairside stopped working (${this.state.error.message}). Reload the page to try again.`}
          />
        </Settled>
      );
    }
    return this.props.children;
  }
}
