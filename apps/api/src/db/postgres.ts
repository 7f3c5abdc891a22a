import pg from 'pg';
import {
  beginStatement,
  withTransactionRetry,
  type Db,
  type Queryable,
  type QueryOptions,
  type QueryResult,
  type Row,
} from './types';

const INT8_OID = 20;

// Per-pool type parsers (not the global pg.types) so that libraries sharing the process keep their defaults.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => BigInt(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R extends Row>(
      text: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ): Promise<QueryResult<R>> {
      const result = options.name
        ? await client.query<R>({ name: options.name, text, values: params as unknown[] })
        : await client.query<R>(text, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      // No parameters: pg uses the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

export function openPostgres(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): Db & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'rampart',
    // No JIT compilation: this is short statements of a few rows, where compiling costs more than it saves. The
    // quote statement's input (a JSON array, decision 041) is estimated at 100 rows, which once the quotes table had
    // grown took its plan over jit_above_cost and added 180 ms to every execution.
    options: '-c jit=off',
    types,
  });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    pool,
    ...queryable(pool),
    transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions?: Parameters<Db['transaction']>[1]): Promise<T> {
      return withTransactionRetry(txOptions, async () => {
        const client = await pool.connect();
        try {
          await client.query(beginStatement(txOptions?.isolation));
          const result = await fn(queryable(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      });
    },
    async close() {
      await pool.end();
    },
  };
}
