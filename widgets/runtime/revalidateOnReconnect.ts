/**
 * After the realtime hub reconnects, every widget's data that is on screen is fetched again: the
 * events of the time it was away are lost. Wired once per page's SDK, by each element and by the
 * portal (SWR's cache is the page's, so one revalidation covers every widget).
 */
import { mutate } from 'swr';
import type { EventBus } from '../../embed-sdk/events.js';
import { onReconnected } from '../../embed-sdk/reconnected.js';

const wired = new WeakSet<object>();

/** SWR revalidates the keys that are mounted (on screen) and leaves the others as they are. */
const revalidateShown = () => void mutate(() => true);

export function revalidateOnReconnect(
  events: Pick<EventBus, 'on'>,
  revalidate: () => void = revalidateShown,
): void {
  if (wired.has(events)) return;
  wired.add(events);
  onReconnected(events, revalidate);
}
