#!/usr/bin/env node
// The quote benchmark's HTTP baseline (bench/quote-throughput.mjs starts it in a process of its own): a bare Fastify 5
// server whose one route, POST /insert, stores one row shaped like a quote's (bench/quote-table.mjs) with a fresh id
// and the body's idemId, its commit asynchronous as the quote's is, and answers a small JSON. The database is
// INSERT_DATABASE_URL through a `pg` Pool of 10 (the API's DB_POOL_MAX, with its `jit=off`), or, without it, PGlite in
// INSERT_PGLITE_DIR (the database in the route's own thread, as the API's embedded mode runs it). INSERT_ROW: the
// JSON {userId, request, view} of a real quote; PORT the port. Prints "ready" once listening.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { INSERT_SQL, QUOTE_TABLE_SQL, insertValues } from './quote-table.mjs';

const row = JSON.parse(process.env.INSERT_ROW ?? '{}');
let query;
if (process.env.INSERT_DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: process.env.INSERT_DATABASE_URL,
    max: 10,
    options: '-c jit=off',
  });
  await pool.query(QUOTE_TABLE_SQL);
  // A named statement, prepared once per connection, as the app's quote statement is.
  query = (values) => pool.query({ name: 'insert-quote-row', text: INSERT_SQL, values });
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ dataDir: process.env.INSERT_PGLITE_DIR });
  await pglite.exec(QUOTE_TABLE_SQL);
  query = (values) => pglite.query(INSERT_SQL, values);
}

const app = Fastify({ logger: false });
app.post('/insert', async (request) => {
  const id = randomUUID();
  await query(insertValues({ ...row, id, idemId: String(request.body?.idemId), now: Date.now() }));
  return { id };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
