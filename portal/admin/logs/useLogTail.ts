/**
 * The live tail: while it is on, the lines stored since the list's newest (`from`) are asked for every
 * two seconds with the same filter (`after`: the newest line the last answer knew), and put above the
 * list. A new filter starts a new tail. A poll that fails says so and the next one tries again.
 */
import { useEffect, useState } from 'react';
import { LOG_TAIL_MAX, serverLog, type LogLine } from '../../../embed-sdk/contract/logs.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { withTail } from './logTail.js';

export const LOG_TAIL_MS = 2_000;
/** The lines a tail keeps on the page. */
const KEEP = 2 * LOG_TAIL_MAX;

interface Tail {
  /** The filter the lines are of. */
  key: string;
  lines: LogLine[];
  failed: boolean;
}

export function useLogTail(query: Record<string, string | number>, from: number | undefined, on: boolean) {
  const sdk = useSdk();
  const key = JSON.stringify(query);
  const [tail, setTail] = useState<Tail>({ key, lines: [], failed: false });
  useEffect(() => {
    if (!on || from === undefined) return;
    let cursor = from;
    let stopped = false;
    let asking = false;
    const poll = async () => {
      if (asking) return;
      asking = true;
      try {
        const answer = await valueOf(
          sdk.api.call(serverLog, {
            query: { ...JSON.parse(key), after: cursor },
            noProgress: true,
            noBanner: true,
          }),
        );
        if (stopped) return;
        cursor = answer.newestId;
        setTail((t) => ({
          key,
          failed: false,
          lines: withTail(t.key === key ? t.lines : [], answer.lines, KEEP),
        }));
      } catch {
        if (!stopped) setTail((t) => ({ key, failed: true, lines: t.key === key ? t.lines : [] }));
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => void poll(), LOG_TAIL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [sdk, key, from, on]);
  const mine = tail.key === key;
  return { lines: mine ? tail.lines : [], failed: mine && on && tail.failed };
}
