/**
 * A PostgreSQL server for tests, benches and `npm run cluster`: the server binaries of Debian's
 * package (installed with apt-get when missing and we may), listening on 127.0.0.1 only on a free
 * port, its socket in its folder, trust authentication. By default a throwaway: a new cluster in a
 * temporary folder, which `stop()` shuts down and deletes; a process exit does the same, so a
 * crashed test run leaves no server behind. Given a folder (`{ dir }`), it keeps its data there: the
 * cluster is created on the first start and found again on the next, and `stop()` keeps it.
 *
 * PostgreSQL refuses to run as root, so when we are root (as in CI containers) initdb and pg_ctl run as
 * the `postgres` user that Debian's package creates, and the folder belongs to it.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error: a plain ESM script without types
import { findPostgres } from '../../scripts/ensure.mjs';

const run = promisify(execFile);

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Its folder (temporary unless given): the cluster in `data`, the log in `postgres.log`, the socket. */
  dir: string;
  /** The folder of initdb and pg_ctl. */
  bin: string;
  /** A connection URL for another database of the same server. */
  urlFor(database: string): string;
  /** Shuts the server down (fast: open connections are cut) and keeps its data, as an outage would. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data after `halt()`. */
  resume(): Promise<void>;
  /** Shuts it down; a throwaway's folder is deleted, a given folder is kept. */
  stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function startPostgres(opts: { dir?: string } = {}): Promise<TestPostgres> {
  const bin = (findPostgres as (opts: { install: boolean }) => string | null)({ install: true });
  if (!bin) {
    throw new Error(
      'No PostgreSQL server binaries (initdb, pg_ctl) were found, and they could not be installed. ' +
        "Install Debian's postgresql package (apt-get install postgresql) or put initdb and pg_ctl on the PATH.",
    );
  }
  const keep = opts.dir !== undefined;
  const dir = keep
    ? (fs.mkdirSync(opts.dir!, { recursive: true }), path.resolve(opts.dir!))
    : fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const asServerUser = serverUser(dir);
  let started = false;

  const stopNow = () => {
    if (started) {
      // Synchronous, so it also works from the process's exit handler.
      spawnSync(...asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']), {
        stdio: 'ignore',
      });
      started = false;
    }
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);

  try {
    if (!keep || !fs.existsSync(path.join(data, 'PG_VERSION'))) {
      await initCluster(bin, data, asServerUser);
    } else {
      // A server left running on this folder by a process that was killed holds its port and data:
      // stop it, so this start gets a port of its own choosing.
      spawnSync(...asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']), {
        stdio: 'ignore',
      });
    }
    const startOn = async (port: number) => {
      const options = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        `-c unix_socket_directories=${dir}`,
        // A throwaway cluster need not survive a power cut; a kept one must.
        ...(keep ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      ].join(' ');
      await run(
        ...asServerUser(path.join(bin, 'pg_ctl'), [
          '-D',
          data,
          '-l',
          log,
          '-w',
          '-t',
          '60',
          '-o',
          options,
          'start',
        ]),
      );
      started = true;
    };
    let port = 0;
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      try {
        await startOn(port);
      } catch (error) {
        // Another process may have taken the port between our probe and the server's bind.
        if (attempt >= 3) throw new Error(`PostgreSQL did not start: ${messageOf(error)}\n${tail(log)}`);
      }
    }
    const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      url: urlFor('postgres'),
      port,
      dir,
      bin,
      urlFor,
      async halt() {
        await run(...asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']));
        started = false;
      },
      async resume() {
        try {
          await startOn(port);
        } catch (error) {
          throw new Error(`PostgreSQL did not start again: ${messageOf(error)}\n${tail(log)}`);
        }
      },
      async stop() {
        process.removeListener('exit', stopNow);
        stopNow();
      },
    };
  } catch (error) {
    process.removeListener('exit', stopNow);
    stopNow();
    throw error;
  }
}

/** How to run a server binary: as ourselves, or as `postgres` when we are root. */
function serverUser(dir: string): (command: string, args: string[]) => [string, string[]] {
  if (!isRoot()) return (command, args) => [command, args];
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error(
      'Running as root, but there is no `postgres` user to run PostgreSQL as (the server refuses root). ' +
        "Debian's postgresql package creates it; or run the tests as an ordinary user.",
    );
  }
  fs.chownSync(dir, uid, gid);
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => fs.existsSync(p));
  if (runuser) return (command, args) => [runuser, ['-u', 'postgres', '--', command, ...args]];
  // su takes one shell command line; every argument is quoted for the shell.
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return (command, args) => [
    'su',
    ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(quote).join(' ')],
  ];
}

async function initCluster(bin: string, data: string, as: (c: string, a: string[]) => [string, string[]]) {
  const initdb = path.join(bin, 'initdb');
  const common = ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'];
  try {
    // A non-C collation like a production server's: LIKE prefix searches then need the
    // text_pattern_ops indexes, which is what the tests check.
    await run(...as(initdb, [...common, '--locale=C.UTF-8']));
  } catch {
    fs.rmSync(data, { recursive: true, force: true });
    try {
      await run(...as(initdb, [...common, '--no-locale']));
    } catch (error) {
      throw new Error(`initdb failed: ${messageOf(error)}`);
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function messageOf(error: unknown): string {
  const e = error as { message?: string; stderr?: string };
  return [e.message, e.stderr].filter(Boolean).join('\n');
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}
