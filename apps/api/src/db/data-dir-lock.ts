import { open, readFile, rm } from 'node:fs/promises';

/**
 * PGlite is one process's database and takes no lock of its own: a second process opening the same folder gets in
 * and the two overwrite each other's pages. Every process that opens the embedded database (`npm start`,
 * `npm run migrate`, `npm run admin`) holds `<dataDir>.lock` naming its pid while it is open (decision 035). A lock
 * left by a process that is gone (killed, crashed) is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; command: string },
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}: ${holder.command}). ` +
        'PGlite serves one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

interface LockContent {
  pid: number;
  command: string;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // Our own pid from an earlier life (a container restarts as pid 1).
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(file: string): Promise<LockContent | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, command: String(parsed.command ?? 'unknown') } : null;
  } catch {
    return null;
  }
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = `${dataDir}.lock`;
  const mine: LockContent = { pid: process.pid, command: process.argv.slice(1).join(' ').slice(0, 200) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify(mine));
      await handle.close();
      return {
        async release() {
          // Only our own lock: never remove one a newer process took over.
          if ((await readLock(file))?.pid === mine.pid) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readLock(file);
    if (holder && isAlive(holder.pid)) throw new DataDirInUseError(dataDir, holder);
    // Stale (or unreadable half-written) lock: remove it and try again; 'wx' settles a race between two newcomers.
    await rm(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}: another process keeps taking it`);
}
