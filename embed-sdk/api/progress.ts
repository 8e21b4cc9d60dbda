/** Counts the requests in flight that show progress, and tells the page whenever the count changes. */
import type { ChairsideEventMap, EventBus } from '../events.js';

export interface ProgressCounter {
  start(): void;
  end(): void;
  readonly pending: number;
}

export function createProgressCounter(events: Pick<EventBus<ChairsideEventMap>, 'emit'>): ProgressCounter {
  let pending = 0;
  return {
    start() {
      events.emit('progress', { pending: ++pending });
    },
    end() {
      events.emit('progress', { pending: --pending });
    },
    get pending() {
      return pending;
    },
  };
}
