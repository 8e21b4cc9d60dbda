/**
 * A migrated and seeded PGlite data folder, built once and copied for each test server so that
 * every test file starts from the same demo data in well under a second. It is rebuilt when the
 * schema, the migrations or the seed change.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client.js';
import { seedDatabase } from '../../server/db/seed/index.js';

const root = path.resolve(import.meta.dirname, '../..');
export const templateDir = path.join(root, '.cache', 'test-db-template');

function sourcesHash() {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts')) hash.update(full).update(fs.readFileSync(full));
    }
  };
  walk(path.join(root, 'server', 'db'));
  walk(path.join(root, 'server', 'identity'));
  // The demo data is built around "today" (appointments due today, plans billing tomorrow).
  hash.update(new Date().toDateString());
  return hash.digest('hex');
}

export async function ensureTemplate() {
  const stamp = path.join(templateDir, '.sources');
  const want = sourcesHash();
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return templateDir;
  // Built aside and renamed into place, so a concurrent run never copies a half-built folder.
  fs.mkdirSync(path.dirname(templateDir), { recursive: true }); // a fresh clone has no .cache
  const building = fs.mkdtempSync(path.join(path.dirname(templateDir), 'test-db-building-'));
  const db = await openDatabase({ dataDir: path.join(building, 'data') });
  try {
    await seedDatabase(db.db, { scale: 1 });
  } finally {
    await db.close();
  }
  fs.writeFileSync(path.join(building, '.sources'), want);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) {
    fs.rmSync(building, { recursive: true, force: true }); // another run finished first
    return templateDir;
  }
  const old = `${templateDir}-old-${process.pid}`;
  if (fs.existsSync(templateDir)) fs.renameSync(templateDir, old);
  fs.renameSync(building, templateDir);
  fs.rmSync(old, { recursive: true, force: true });
  return templateDir;
}

/**
 * Where the copies go: a folder in memory (/dev/shm, Linux's tmpfs) when it has room for a few, else
 * the system's temporary folder; CHAIRSIDE_TEST_TMP says where instead. On this machine's disk a
 * copy took 0.5 to 1.4 s to write and, once written back, up to 4 s to delete (the journal), for
 * each of the suite's test servers; in memory 0.8 s and 0.1 s, and PGlite's writes never wait for
 * the disk. A copy a test leaves behind holds memory until the machine restarts: a server deletes
 * its copy when it closes (tests/support/server.ts, childPlans.ts, e2e-server.ts).
 */
const COPY_ROOM = 2 * 1024 ** 3;
function scratchRoot(): string {
  if (process.env.CHAIRSIDE_TEST_TMP) return process.env.CHAIRSIDE_TEST_TMP;
  try {
    const shm = fs.statfsSync('/dev/shm');
    if (shm.bavail * shm.bsize >= COPY_ROOM) return '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows): the disk.
  }
  return os.tmpdir();
}

/** A private copy of the template's data folder. */
export function copyTemplate(): string {
  const dir = fs.mkdtempSync(path.join(scratchRoot(), 'chairside-test-'));
  const data = path.join(dir, 'data');
  fs.cpSync(path.join(templateDir, 'data'), data, { recursive: true });
  return data;
}
