/**
 * When the realtime hub connects again after a drop (a network cut, or the instance it was on
 * restarted behind the load balancer), the events sent meanwhile never arrived: what a page shows
 * may be out of date. `onReconnected` tells when that happens, so the page can fetch again.
 */
import type { EventBus, Unsubscribe } from './events.js';

/** Calls `callback` each time the hub is connected again after it was disconnected (not on the first connection). */
export function onReconnected(events: Pick<EventBus, 'on'>, callback: () => void): Unsubscribe {
  let dropped = false;
  return events.on('realtime-state', ({ state }) => {
    if (state === 'disconnected') {
      dropped = true;
    } else if (dropped) {
      dropped = false;
      callback();
    }
  });
}
