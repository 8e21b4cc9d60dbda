import { describe, expect, it } from 'vitest';
import { nextRun } from './nextRun.js';

/** A run that waits until the test lets it end, recording when each run started. */
function gatedWork() {
  const started: number[] = [];
  const gates: (() => void)[] = [];
  const work = () => {
    started.push(started.length + 1);
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  return { started, work, endRun: (i: number) => gates[i]!() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('nextRun', () => {
  it('answers a call made during a run with the next run, shared by every call meanwhile', async () => {
    const { started, work, endRun } = gatedWork();
    const run = nextRun(work);
    const first = run();
    const second = run();
    const third = run();
    expect(second).toBe(third);
    await tick();
    expect(started).toEqual([1]);
    endRun(0);
    await first;
    await tick();
    // The waiting run starts only once the one under way has ended.
    expect(started).toEqual([1, 2]);
    let done = false;
    void second.then(() => (done = true));
    await tick();
    expect(done).toBe(false);
    endRun(1);
    await second;
    expect(started).toEqual([1, 2]);
  });

  it('starts a fresh run for a call after the last one ended, and after a run that failed', async () => {
    let runs = 0;
    const run = nextRun(async () => {
      runs++;
      if (runs === 1) throw new Error('the first run fails');
    });
    await expect(run()).rejects.toThrow('the first run fails');
    await run();
    await run();
    expect(runs).toBe(3);
    await run.idle();
  });

  it('is idle once nothing is under way or waiting', async () => {
    const { work, endRun } = gatedWork();
    const run = nextRun(work);
    void run();
    void run();
    let idle = false;
    void run.idle().then(() => (idle = true));
    endRun(0);
    await tick();
    await tick();
    expect(idle).toBe(false);
    endRun(1);
    await run.idle();
    await tick();
    expect(idle).toBe(true);
  });
});
