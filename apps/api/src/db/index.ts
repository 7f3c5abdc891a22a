import { mkdir } from 'node:fs/promises';
import type { Config } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, QueryResult, Row, TransactionOptions } from './types';

export async function openDatabase(database: Config['database']): Promise<Db> {
  if (database.kind === 'postgres') return openPostgres(database.url);
  await mkdir(database.dataDir, { recursive: true });
  return openPglite({ dataDir: database.dataDir });
}
