/**
 * A PGlite data folder with about 100,000 patients (the seed at scale 46: 101,200), built once into
 * .cache/bench-100k with the seed CLI and rebuilt when missing. Each run works on a copy, so the
 * cached folder stays as seeded and two runs never contend for its lock.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../tests/support/childServer.js';

export const SCALE = 46;
const cacheDir = path.join(root, '.cache', 'bench-100k');

export function ensureData100k(): string {
  const data = path.join(cacheDir, 'data');
  if (fs.existsSync(path.join(data, 'PG_VERSION'))) return data;
  console.log(`Seeding about 100,000 patients into ${path.relative(root, cacheDir)} (once)…`);
  // Seeded aside and renamed into place, so an interrupted seed never leaves a half-built folder.
  const building = `${cacheDir}-building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/db/seed/cli.ts',
      '--scale',
      String(SCALE),
      '--data-dir',
      path.join(building, 'data'),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } },
  );
  if (result.status !== 0) {
    fs.rmSync(building, { recursive: true, force: true });
    throw new Error(`The seed failed (exit code ${result.status}).`);
  }
  fs.rmSync(cacheDir, { recursive: true, force: true });
  fs.renameSync(building, cacheDir);
  return data;
}

/** A private copy of the 100,000-patient folder (about 150 MB; copying takes well under a second). */
export function copyData100k(): { dataDir: string; remove(): void } {
  const source = ensureData100k();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-bench-100k-'));
  const dataDir = path.join(dir, 'data');
  fs.cpSync(source, dataDir, { recursive: true });
  return { dataDir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
