/**
 * PGlite is one connection to one folder: a second server on the same folder would corrupt it.
 * proper-lockfile holds a lock beside the folder for as long as this process has it open.
 */
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

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}.lock`,
      // A crashed server's lock goes stale after 10 s without updates; a live one refreshes it.
      stale: 10_000,
      update: 2_000,
      realpath: false,
      onCompromised: (err) => {
        console.error(`The lock on ${dataDir} was lost: ${err.message}`);
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
