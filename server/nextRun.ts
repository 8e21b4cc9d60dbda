/**
 * A piece of work that callers ask for "from now on": each call is answered by a run that starts
 * after the call was made, so it sees whatever the caller changed just before (a clock moved
 * forward, an offset another instance wrote). A call during a run gets the next run, which starts
 * when that one ends; the calls made meanwhile share it. So at most two runs exist, one under way and
 * one waiting.
 */
export interface NextRun {
  (): Promise<void>;
  /** Resolves when nothing is under way or waiting (a stopping server waits for it). */
  idle(): Promise<void>;
}

export function nextRun(work: () => Promise<void>): NextRun {
  let active: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = () => {
    const run = work().finally(() => {
      if (active === run) active = null;
    });
    active = run;
    return run;
  };
  const call = () => {
    if (queued) return queued;
    if (!active) return start();
    const next = active
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    queued = next;
    return next;
  };
  call.idle = async () => {
    await queued?.catch(() => undefined);
    await active?.catch(() => undefined);
  };
  return call;
}
