/**
 * The time zone a patient's page writes dates in. The server renders a link's first view into the
 * HTML before it knows the patient's zone, so it writes them in UTC, and the browser, while it adopts
 * that HTML (hydration), writes the same; right after, the page writes them again in the patient's
 * own zone. A page the browser renders itself uses the patient's zone at once.
 */
import { useSyncExternalStore } from 'react';
import type { Zone } from '../../../embed-sdk/format/index.js';

const never = () => () => undefined;

export function useReaderZone(): Zone {
  // React reads the server's snapshot on the server and while hydrating, the browser's after.
  return useSyncExternalStore<Zone>(
    never,
    () => 'local',
    () => 'UTC',
  );
}
