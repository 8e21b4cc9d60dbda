/**
 * PGlite is one connection to one folder: a second server on the same folder would corrupt it.
 * proper-lockfile holds a lock beside the folder (`<folder>.lock`, a directory whose time a live
 * holder refreshes every 2 s) for as long as this process has it open.
 *
 * Inside the lock, the holder writes who it is (`holder.json`: pid, host, boot and the process's start
 * time), so that a server started right after a crash (kill -9, a power cut) can tell a dead holder
 * from a live one at once instead of waiting for the lock to go stale:
 * - same host, and the pid runs no process: the holder is dead, the lock is taken over;
 * - the pid runs, but a process started at another time (the kernel gave the pid to someone else
 *   since), or the machine restarted since: dead too;
 * - the pid runs and is the very process that wrote the record: refused, however long it has not
 *   refreshed the lock (a paused server that wakes would write to the folder again);
 * - where the start time cannot be read (no /proc), a running pid is taken for the holder only while
 *   the lock stays fresh: a live holder refreshes it every 2 s, so a pid that let it go stale for
 *   10 s is not a Chairside server on this folder;
 * - another host's holder (a shared folder) cannot be asked: its lock is taken over once stale.
 * Without a record (a holder that is writing it now), the lock is proper-lockfile's alone: stale
 * after 10 s.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Chairside server is already using the data folder ${dataDir}. ` +
        'Stop it first, or start this one with CHAIRSIDE_DATA_DIR set to a different folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Where a take-over is reported; the server passes its log, the command-line tools the console. */
export interface LockLog {
  warn(obj: object, msg: string): void;
}

const consoleLog: LockLog = { warn: (_obj, msg) => console.warn(msg) };

/** A crashed server's lock goes stale after 10 s without updates; a live one refreshes it every 2 s. */
export const STALE_MS = 10_000;
const UPDATE_MS = 2_000;
const HOLDER_FILE = 'holder.json';

export interface Holder {
  pid: number;
  host: string;
  /** The kernel's boot id: a pid from before a restart names nobody. Null where unknown. */
  bootId: string | null;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat). Null where unknown. */
  startTicks: string | null;
  /** This holding of the lock: a take-over removes only the lock it judged. */
  token: string;
  since: string;
}

export const lockPathOf = (dataDir: string) => `${dataDir}.lock`;

export async function lockDataDir(dataDir: string, log: LockLog = consoleLog): Promise<() => Promise<void>> {
  const lockPath = lockPathOf(dataDir);
  for (let attempt = 1; ; attempt++) {
    try {
      const release = await lockfile.lock(dataDir, {
        lockfilePath: lockPath,
        stale: STALE_MS,
        update: UPDATE_MS,
        realpath: false,
        onCompromised: (err) => {
          console.error(`The lock on ${dataDir} was lost: ${err.message}`);
        },
      });
      return await recordHolder(lockPath, release);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // ENOTEMPTY: proper-lockfile found the lock stale and could not remove it, the record being in it.
      if (code !== 'ELOCKED' && code !== 'ENOTEMPTY') throw error;
      if (attempt >= 3) throw new DataDirLockedError(dataDir);
      const seen = readLock(lockPath);
      if (!seen) continue; // released meanwhile: try again
      const verdict = judge(seen.holder, seen.mtimeMs, Date.now());
      if (verdict.alive) throw new DataDirLockedError(dataDir);
      if (await takeOver(dataDir, lockPath, seen.holder!.token)) {
        log.warn(
          { dataDir, pid: seen.holder!.pid },
          `Took over the lock on the data folder ${dataDir}: ${verdict.why}.`,
        );
      }
    }
  }
}

/** Writes who holds the lock into it; the release removes the record, then the lock. */
async function recordHolder(lockPath: string, release: () => Promise<void>) {
  const holder: Holder = { ...thisProcess(), token: randomUUID(), since: new Date().toISOString() };
  const recordPath = path.join(lockPath, HOLDER_FILE);
  try {
    // proper-lockfile keeps the time it gave the lock and gives the lock up as compromised if it
    // finds another: the record's files change the folder's time, so it is put back.
    const { mtime } = fs.statSync(lockPath);
    // Renamed into place, so that a reader sees the whole record or none.
    const writing = `${recordPath}.${process.pid}`;
    fs.writeFileSync(writing, JSON.stringify(holder));
    fs.renameSync(writing, recordPath);
    fs.utimesSync(lockPath, mtime, mtime);
  } catch (error) {
    fs.rmSync(lockPath, { recursive: true, force: true });
    await release().catch(() => undefined);
    throw error;
  }
  const removeRecord = () => {
    if (readHolder(lockPath)?.token === holder.token) fs.rmSync(recordPath, { force: true });
  };
  // proper-lockfile removes its lock on exit with rmdir, which the record would make fail: a process
  // that exits without closing the database (process.exit) removes both here.
  const onExit = () => {
    try {
      removeRecord();
      fs.rmdirSync(lockPath);
    } catch {
      // gone already, or no longer ours
    }
  };
  process.on('exit', onExit);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    process.off('exit', onExit);
    removeRecord();
    await release();
  };
}

function thisProcess(): Omit<Holder, 'token' | 'since'> {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: readText('/proc/sys/kernel/random/boot_id'),
    startTicks: procStat(process.pid)?.startTicks ?? null,
  };
}

type Verdict = { alive: true } | { alive: false; why: string };

/** Whether the lock's holder is a live server, from its record and the lock's last refresh. */
export function judge(holder: Holder | null, mtimeMs: number, now: number): Verdict {
  if (!holder) return { alive: true };
  const staleFor = now - mtimeMs;
  const fresh = staleFor < STALE_MS;
  const idle = `has not refreshed it for ${Math.round(staleFor / 1000)} s`;
  const me = thisProcess();
  if (holder.host !== me.host) {
    return fresh ? { alive: true } : { alive: false, why: `its holder on ${holder.host} ${idle}` };
  }
  const gone = `process ${holder.pid}, which held it, is no longer running`;
  if (holder.bootId && me.bootId && holder.bootId !== me.bootId) {
    return { alive: false, why: `${gone} (the machine has restarted since)` };
  }
  const stat = procStat(holder.pid);
  // A zombie has ended; only its parent has not collected it yet.
  if (!isRunning(holder.pid) || stat?.state === 'Z') return { alive: false, why: gone };
  const startTicks = stat?.startTicks ?? null;
  if (holder.startTicks && startTicks) {
    return startTicks === holder.startTicks
      ? { alive: true }
      : { alive: false, why: `${gone} (its pid now belongs to another process)` };
  }
  return fresh ? { alive: true } : { alive: false, why: `process ${holder.pid}, which held it, ${idle}` };
}

/**
 * Removes the lock judged dead, if it is still that one. Two servers starting at once may both judge
 * it: a second, short lock lets one of them at a time look again and remove it, so that neither can
 * remove the lock the other has just taken.
 */
async function takeOver(dataDir: string, lockPath: string, judgedToken: string): Promise<boolean> {
  const releaseGate = await lockfile.lock(`${dataDir}.takeover`, {
    realpath: false,
    stale: 2_000,
    retries: { retries: 20, minTimeout: 25, maxTimeout: 250 },
  });
  try {
    if (readHolder(lockPath)?.token !== judgedToken) return false;
    fs.rmSync(lockPath, { recursive: true, force: true });
    return true;
  } finally {
    await releaseGate();
  }
}

function readLock(lockPath: string): { holder: Holder | null; mtimeMs: number } | null {
  try {
    const { mtimeMs } = fs.statSync(lockPath);
    return { holder: readHolder(lockPath), mtimeMs };
  } catch {
    return null;
  }
}

function readHolder(lockPath: string): Holder | null {
  const text = readText(path.join(lockPath, HOLDER_FILE));
  if (!text) return null;
  try {
    const holder = JSON.parse(text) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.token === 'string' ? (holder as Holder) : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * The state (field 3) and start time (field 22) of /proc/<pid>/stat; the name before them (field 2,
 * in brackets) may hold spaces. Null without /proc.
 */
function procStat(pid: number): { state: string; startTicks: string | null } | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTicks: fields[19] ?? null };
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}
