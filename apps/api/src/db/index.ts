import { mkdir } from 'node:fs/promises';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export { DataDirInUseError } from './data-dir-lock';
export type { Db, Queryable, QueryOptions, QueryResult, Row, TransactionOptions } from './types';

export async function openDatabase(database: Config['database']): Promise<Db> {
  if (database.kind === 'postgres')
    return openPostgres(database.url, database.poolMax === undefined ? {} : { max: database.poolMax });
  await mkdir(database.dataDir, { recursive: true });
  // PGlite takes no lock of its own: a second process on the same folder would corrupt it (decision 035).
  const lock = await lockDataDir(database.dataDir);
  try {
    const db = await openPglite({ dataDir: database.dataDir });
    return {
      ...db,
      async close() {
        await db.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
