import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, lockDataDir, lockPathOf, type Holder } from './lock.js';

let dataDir: string;
let lines: string[];
const log = { warn: (_obj: object, msg: string) => void lines.push(msg) };
const releases: (() => Promise<void>)[] = [];

beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-lock-')), 'data');
  fs.mkdirSync(dataDir);
  lines = [];
});
afterEach(async () => {
  for (const release of releases.splice(0)) await release();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

async function lock() {
  const release = await lockDataDir(dataDir, log);
  releases.push(release);
  return release;
}

const recordOf = (): Holder =>
  JSON.parse(fs.readFileSync(path.join(lockPathOf(dataDir), 'holder.json'), 'utf8')) as Holder;

/** A lock as a server left it when it died: the folder, its record, its last refresh. */
function leftLock(holder: Partial<Holder> | null, ageMs = 0) {
  const lockPath = lockPathOf(dataDir);
  fs.mkdirSync(lockPath);
  if (holder) {
    const full: Holder = {
      pid: process.pid,
      host: os.hostname(),
      bootId: null,
      startTicks: null,
      token: 'left-behind',
      since: new Date().toISOString(),
      ...holder,
    };
    fs.writeFileSync(path.join(lockPath, 'holder.json'), JSON.stringify(full));
  }
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(lockPath, at, at);
}

/** The pid of a process that has already ended. */
function deadPid() {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
}

describe('the data folder lock', () => {
  it('records who holds it, and takes lock and record away on release', async () => {
    const release = await lock();
    expect(recordOf()).toMatchObject({ pid: process.pid, host: os.hostname() });
    await release();
    expect(fs.existsSync(lockPathOf(dataDir))).toBe(false);
  });

  it('keeps the lock refreshed with the record in it (proper-lockfile does not find it compromised)', async () => {
    const lost = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await lock();
      const taken = fs.statSync(lockPathOf(dataDir)).mtimeMs;
      await new Promise((r) => setTimeout(r, 2_300));
      expect(lost).not.toHaveBeenCalled();
      expect(fs.statSync(lockPathOf(dataDir)).mtimeMs).toBeGreaterThan(taken);
    } finally {
      lost.mockRestore();
    }
  });

  it('keeps refusing while a live server holds it, even one that has not refreshed it for a while', async () => {
    await lock();
    await expect(lockDataDir(dataDir, log)).rejects.toThrow(DataDirLockedError);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPathOf(dataDir), old, old);
    await expect(lockDataDir(dataDir, log)).rejects.toThrow(
      `Another Chairside server is already using the data folder ${dataDir}.`,
    );
    expect(lines).toEqual([]);
  });

  it('takes over at once a lock whose process is dead, and says so in one line', async () => {
    const pid = deadPid();
    leftLock({ pid });
    await lock();
    expect(recordOf().pid).toBe(process.pid);
    expect(lines).toEqual([
      `Took over the lock on the data folder ${dataDir}: process ${pid}, which held it, is no longer running.`,
    ]);
  });

  it('takes over a lock whose pid now belongs to another process', async () => {
    // This process is alive, but it did not start at the time the record gives.
    leftLock({ pid: process.pid, startTicks: '1' });
    await lock();
    expect(lines).toEqual([
      `Took over the lock on the data folder ${dataDir}: process ${process.pid}, which held it, is no longer running (its pid now belongs to another process).`,
    ]);
  });

  it.runIf(fs.existsSync('/proc/self/stat'))(
    'takes over a lock whose process has ended but not been collected by its parent',
    async () => {
      // `sleep 0` ends at once; its parent becomes `sleep 3`, which never collects it: a zombie.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 3']);
      try {
        const pid = Number(
          await new Promise<string>((r) => parent.stdout.once('data', (d: Buffer) => r(String(d)))),
        );
        let stat = '';
        for (let i = 0; i < 100 && !/\) Z /.test(stat); i++) {
          await new Promise((r) => setTimeout(r, 10));
          stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        }
        const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
        leftLock({ pid, startTicks });
        await lock();
        expect(lines).toEqual([
          `Took over the lock on the data folder ${dataDir}: process ${pid}, which held it, is no longer running.`,
        ]);
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  it('takes over a lock from before the machine restarted', async () => {
    leftLock({ pid: process.pid, bootId: 'another-boot' });
    await lock();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('(the machine has restarted since)');
  });

  it('without the start time to compare, takes a running pid for the holder only while it refreshes the lock', async () => {
    leftLock({ pid: process.pid, startTicks: null });
    await expect(lockDataDir(dataDir, log)).rejects.toThrow(DataDirLockedError);
    fs.rmSync(lockPathOf(dataDir), { recursive: true });
    leftLock({ pid: process.pid, startTicks: null }, 11_000);
    await lock();
    expect(lines).toEqual([
      `Took over the lock on the data folder ${dataDir}: process ${process.pid}, which held it, has not refreshed it for 11 s.`,
    ]);
  });

  it("asks nothing of another host's holder: refused while fresh, taken over once stale", async () => {
    leftLock({ host: 'another-host', pid: deadPid() });
    await expect(lockDataDir(dataDir, log)).rejects.toThrow(DataDirLockedError);
    fs.rmSync(lockPathOf(dataDir), { recursive: true });
    leftLock({ host: 'another-host', pid: deadPid() }, 11_000);
    await lock();
    expect(lines).toEqual([
      `Took over the lock on the data folder ${dataDir}: its holder on another-host has not refreshed it for 11 s.`,
    ]);
  });

  it('refuses a fresh lock with no record yet (its holder is writing it)', async () => {
    leftLock(null);
    await expect(lockDataDir(dataDir, log)).rejects.toThrow(DataDirLockedError);
  });

  it('lets one of two servers starting at once take over a dead lock, and refuses the other', async () => {
    leftLock({ pid: deadPid() });
    const results = await Promise.allSettled([lockDataDir(dataDir, log), lockDataDir(dataDir, log)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    releases.push(won[0]!.value);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(DataDirLockedError);
    expect(lines).toHaveLength(1);
  });
});
