import { PGlite, type Transaction } from '@electric-sql/pglite';
import { beginStatement, withTransactionRetry, type Db, type Queryable, type QueryResult, type Row } from './types';

const INT8_OID = 20;
/** int8 columns come back as bigint on both drivers, so money in minor units never passes through a float. */
export const PGLITE_PARSERS = { [INT8_OID]: (value: string) => BigInt(value) };

type PGliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

function queryable(target: PGliteLike): Queryable {
  return {
    async query<R extends Row>(text: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await target.query<R>(text, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: PGLITE_PARSERS,
  });
  return wrapPglite(pglite);
}

export function wrapPglite(pglite: PGlite): Db & { pglite: PGlite } {
  const base = queryable(pglite);
  return {
    kind: 'pglite',
    pglite,
    ...base,
    // PGlite is one connection: while a transaction runs, every other query waits for it, which gives
    // the same isolation a server gives (stronger, in fact). Code inside `fn` must use `tx`, never the db.
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: Parameters<Db['transaction']>[1]): Promise<T> {
      return withTransactionRetry(options, () =>
        pglite.transaction(async (tx) => {
          if (options?.isolation) await tx.exec(`SET TRANSACTION ISOLATION LEVEL ${options.isolation.toUpperCase()}`);
          return fn(queryable(tx));
        }),
      );
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

export { beginStatement };
