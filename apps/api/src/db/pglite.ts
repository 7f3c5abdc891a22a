import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ExecProtocolResult } from '@electric-sql/pglite';
import { beginStatement, withTransactionRetry, type Db, type Queryable, type QueryResult, type Row } from './types';

const INT8_OID = 20;
/** int8 columns come back as bigint on both drivers, so money in minor units never passes through a float. */
export const PGLITE_PARSERS = { [INT8_OID]: (value: string) => BigInt(value) };

type PGliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

/**
 * Statements prepared once per PGlite and kept by their text (docs/decisions/089-pglite-prepared-statements.md): in
 * PGlite's WebAssembly, parsing and planning cost several times what running a short statement does, so each text is
 * parsed once under a name and then only bound and executed, in one call into the database. Values are written and
 * read with PGlite's own serializers and parsers, as its `query` does.
 */
interface Prepared {
  name: string;
  paramTypes: number[];
}

/** A statement cache for one PGlite: texts in use order, so the least used is closed when it is full. */
interface StatementCache {
  statements: Map<string, Prepared>;
  next: number;
}

const MAX_PREPARED = 500;
/** Utility statements are run as PGlite runs them (never prepared): only queries and changes to rows are kept. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with|values)\b/i;
/** 0A000: a cached plan's result type changed (a table was altered); 26000: the statement no longer exists. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

const encoder = new TextEncoder();

/** A wire-protocol message: its type byte, its length, then its body (PostgreSQL's protocol, "Message Formats"). */
function message(type: string, body: Uint8Array[]): Uint8Array {
  const length = body.reduce((sum, part) => sum + part.length, 4);
  const out = new Uint8Array(1 + length);
  const view = new DataView(out.buffer);
  out[0] = type.charCodeAt(0);
  view.setInt32(1, length);
  let at = 5;
  for (const part of body) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
const cString = (text: string) => encoder.encode(`${text}\0`);
function int16(value: number): Uint8Array {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setInt16(0, value);
  return out;
}
function int32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, value);
  return out;
}
const SYNC = message('S', []);
const DESCRIBE_PORTAL = message('D', [encoder.encode('P'), cString('')]);
const EXECUTE = message('E', [cString(''), int32(0)]);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function bindMessage(name: string, values: (string | null)[]): Uint8Array {
  const body: Uint8Array[] = [cString(''), cString(name), int16(0), int16(values.length)];
  for (const value of values) {
    if (value === null) body.push(int32(-1));
    else {
      const bytes = encoder.encode(value);
      body.push(int32(bytes.length), bytes);
    }
  }
  // Every result column in text form, as PGlite's own queries read them.
  body.push(int16(0));
  return message('B', body);
}

/** The rows and the affected-row count of one statement's replies, as PGlite's `query` reports them. */
type Reply = ExecProtocolResult['messages'][number];
/** The replies read here, by the name PGlite's protocol parser gives them. */
type RowDescription = Reply & { name: 'rowDescription'; fields: { name: string; dataTypeID: number }[] };
type DataRow = Reply & { name: 'dataRow'; fields: (string | null)[] };
type CommandComplete = Reply & { name: 'commandComplete'; text: string };
type ParameterDescription = Reply & { name: 'parameterDescription'; dataTypeIDs: number[] };

function readResults<R extends Row>(pglite: PGlite, messages: Reply[]): QueryResult<R> {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: R[] = [];
  let affected: number | undefined;
  for (const reply of messages) {
    if (reply.name === 'rowDescription') fields = (reply as RowDescription).fields;
    else if (reply.name === 'dataRow') {
      const row: Row = {};
      (reply as DataRow).fields.forEach((value, i) => {
        const field = fields[i]!;
        const parse = pglite.parsers[field.dataTypeID];
        row[field.name] = value === null ? null : parse ? parse(value, field.dataTypeID) : value;
      });
      rows.push(row as R);
    } else if (reply.name === 'commandComplete') {
      const parts = (reply as CommandComplete).text.split(' ');
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0] ?? ''))
        affected = Number.parseInt(parts[parts.length - 1] ?? '0', 10);
    }
  }
  return { rows, rowCount: affected ?? rows.length };
}

const caches = new WeakMap<PGlite, StatementCache>();

function cacheOf(pglite: PGlite): StatementCache {
  let cache = caches.get(pglite);
  if (!cache) {
    cache = { statements: new Map(), next: 1 };
    caches.set(pglite, cache);
  }
  return cache;
}

/** The statement's name and parameter types, preparing it first when it is new. Runs inside PGlite's query lock. */
async function prepare(pglite: PGlite, text: string, inTransaction: boolean): Promise<Prepared> {
  const cache = cacheOf(pglite);
  const found = cache.statements.get(text);
  if (found) {
    // Most recently used last: the first entry is the one to close when the cache is full.
    cache.statements.delete(text);
    cache.statements.set(text, found);
    return found;
  }
  const parts: Uint8Array[] = [];
  if (cache.statements.size >= MAX_PREPARED) {
    const [oldestText, oldest] = cache.statements.entries().next().value as [string, Prepared];
    cache.statements.delete(oldestText);
    parts.push(message('C', [encoder.encode('S'), cString(oldest.name)]));
  }
  const name = `rampart_${cache.next++}`;
  parts.push(
    message('P', [cString(name), cString(text), int16(0)]),
    message('D', [encoder.encode('S'), cString(name)]),
    SYNC,
  );
  const { messages } = await pglite.execProtocol(concat(parts), { syncToFs: !inTransaction });
  const description = messages.find((reply) => reply.name === 'parameterDescription') as
    ParameterDescription | undefined;
  const prepared = { name, paramTypes: description ? [...description.dataTypeIDs] : [] };
  cache.statements.set(text, prepared);
  return prepared;
}

async function runPrepared<R extends Row>(
  pglite: PGlite,
  text: string,
  params: readonly unknown[],
  inTransaction: boolean,
): Promise<QueryResult<R>> {
  const prepared = await prepare(pglite, text, inTransaction);
  const values = params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const serialize = pglite.serializers[prepared.paramTypes[i] ?? 0];
    return serialize ? serialize(param) : String(param);
  });
  try {
    const { messages } = await pglite.execProtocol(
      concat([bindMessage(prepared.name, values), DESCRIBE_PORTAL, EXECUTE, SYNC]),
      { syncToFs: !inTransaction },
    );
    return readResults<R>(pglite, messages);
  } catch (error) {
    // A statement the schema has moved under is prepared again on its next use.
    if (STALE_STATEMENT_CODES.has(String((error as { code?: unknown }).code))) cacheOf(pglite).statements.delete(text);
    throw error;
  }
}

function queryable(pglite: PGlite, target: PGliteLike, inTransaction: boolean): Queryable {
  return {
    async query<R extends Row>(text: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      if (!PREPARABLE.test(text)) {
        const result = await target.query<R>(text, params as unknown[]);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      // The locks PGlite's own `query` takes: outside a transaction, it waits for the one that runs.
      const run = () => pglite.runExclusive(() => runPrepared<R>(pglite, text, params, inTransaction));
      if (inTransaction) return run();
      try {
        return await pglite._runExclusiveTransaction(run);
      } catch (error) {
        // Outside a transaction a statement found stale is run once more, freshly prepared.
        if (!STALE_STATEMENT_CODES.has(String((error as { code?: unknown }).code))) throw error;
        return pglite._runExclusiveTransaction(run);
      }
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
      // Schema changes come through here (migrations, the job queue's set-up): statements are prepared afresh after.
      if (!/^\s*set\b/i.test(sql)) cacheOf(pglite).statements.clear();
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
  const base = queryable(pglite, pglite, false);
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
          return fn(queryable(pglite, tx, true));
        }),
      );
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

export { beginStatement };
