export type Row = Record<string, unknown>;

export interface QueryResult<R extends Row = Row> {
  rows: R[];
  rowCount: number;
}

/** What a repository needs: the database itself or an open transaction, interchangeably. */
/**
 * `name`: the PostgreSQL server keeps the statement prepared on each connection under this name, so a hot statement
 * is parsed and planned once per connection instead of on every call (decision 041). One name, one text, always.
 * PGlite ignores it: it prepares every row statement by its text (decision 089).
 */
export interface QueryOptions {
  name?: string;
}

export interface Queryable {
  query<R extends Row = Row>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>>;
  /** Runs parameterless, possibly multi-statement SQL (migrations, schema set-up). */
  exec(sql: string): Promise<void>;
}

export const ISOLATION_LEVELS = ['read committed', 'repeatable read', 'serializable'] as const;
export type IsolationLevel = (typeof ISOLATION_LEVELS)[number];

export interface TransactionOptions {
  isolation?: IsolationLevel;
  /** Retries on serialization failures and deadlocks (40001, 40P01). Default 5 when serializable, else 0. */
  retries?: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

export function isRetryableTransactionError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && RETRYABLE_SQLSTATES.has(String((error as { code?: unknown }).code))
  );
}

export function beginStatement(isolation: IsolationLevel | undefined): string {
  return isolation ? `BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}` : 'BEGIN';
}

/** Runs `attempt` again when PostgreSQL asks for it (serialization failure or deadlock). */
export async function withTransactionRetry<T>(
  options: TransactionOptions | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  const retries = options?.retries ?? (options?.isolation === 'serializable' ? 5 : 0);
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= retries || !isRetryableTransactionError(error)) throw error;
      // Small randomised pause so that colliding transactions do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (n + 1)));
    }
  }
}
