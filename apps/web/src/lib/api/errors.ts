import { ERROR_TYPES, FROZEN_ACCOUNT_MARKER } from '@rampart/contracts';

/**
 * Errors the API client raises, and the reading of the API's error replies (document 2, section 8).
 * Everything here is pure: the client in ./client.ts decides *when* an error happens, this file decides
 * what the caller sees.
 */

export type ApiErrorKind = 'authentication' | 'permission' | 'general' | 'connection';

/** Type given to network failures and timeouts; the server never sends it. */
export const CONNECTION_ERROR_TYPE = 'connection_error';

/** Exact texts of document 2, section 8 (and the codes this client adds where the spec names none). */
export const API_ERROR_TEXT = {
  connection: 'An error occurred with our connection to the service',
  notJson: 'Service Unavailable',
  // The spec's '{product}' is the product's name.
  invalidJson: 'Invalid JSON received from the Rampart API',
  notUnderstood: 'The reply from the service was not understood',
} as const;

export const API_ERROR_CODES = {
  notJson: 'response.not.json',
  invalidReply: 'response.invalid',
  // Not in the spec: lets a caller tell a slow service from an unreachable one if it cares.
  timeout: 'request.timeout',
  network: 'request.failed',
} as const;

/** Joins several messages (or 'field: message' pairs) into one line of display text. */
const TEXT_SEPARATOR = '; ';

/** A message's key and parameters as the reply sends them beside its English text (decision 075). */
export interface MessageKey {
  key: string;
  params: Record<string, string | number>;
}

export interface ApiErrorInit {
  message: string;
  type: string;
  kind: ApiErrorKind;
  statusCode?: number | undefined;
  code?: string | undefined;
  headers?: Record<string, string>;
  errors?: string[];
  fields?: Record<string, string>;
  messageKey?: MessageKey | undefined;
  fieldKeys?: Record<string, MessageKey>;
  retries?: number;
  accountFrozen?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly type: string;
  readonly kind: ApiErrorKind;
  readonly statusCode: number | undefined;
  readonly code: string | undefined;
  readonly headers: Record<string, string>;
  readonly errors: string[];
  readonly fields: Record<string, string>;
  /** The key of `message`, when the server's catalogue has one: read it through lib/server-text.ts. */
  readonly messageKey: MessageKey | undefined;
  /** The keys of the fields' messages that have one. */
  readonly fieldKeys: Record<string, MessageKey>;
  readonly retries: number;
  /** R5: set on a 401 whose message starts with FROZEN_ACCOUNT_MARKER. Read it through isAccountFrozenError. */
  readonly accountFrozen: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.type = init.type;
    this.kind = init.kind;
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.headers = init.headers ?? {};
    this.errors = init.errors ?? [];
    this.fields = init.fields ?? {};
    this.messageKey = init.messageKey;
    this.fieldKeys = init.fieldKeys ?? {};
    this.retries = init.retries ?? 0;
    this.accountFrozen = init.accountFrozen ?? false;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** R5: true for the error of a call on an account the custodian froze. */
export function isAccountFrozenError(e: unknown): boolean {
  return e instanceof ApiError && e.accountFrozen;
}

function fieldsText(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join(TEXT_SEPARATOR);
}

/**
 * The display text of an error (document 2, section 8): "built from messages or from fields as
 * 'field: message'". The message list wins; then the fields; the bare message is the last resort so a
 * reply with neither still shows something.
 */
export function errorText(e: ApiError): string {
  if (e.errors.length > 0) return e.errors.join(TEXT_SEPARATOR);
  const fromFields = fieldsText(e.fields);
  return fromFields !== '' ? fromFields : e.message;
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  return 'general';
}

function defaultTypeForStatus(status: number): string {
  if (status === 401) return ERROR_TYPES.authentication;
  if (status === 403) return ERROR_TYPES.permission;
  return ERROR_TYPES.api;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the reply said, gathered from the several shapes the API (old and new) uses. */
interface ReplyDetails {
  /** The first message text met, before any JSON inside it was parsed: R5 looks at this. */
  rawMessage?: string;
  message?: string;
  code?: string;
  type?: string;
  errors: string[];
  fields: Record<string, string>;
  form?: 'new' | 'legacy';
  messageKey?: MessageKey;
  fieldKeys: Record<string, MessageKey>;
}

/** Nesting bound: a message holding JSON holding a message holding JSON... is a server bug, not a reason to recurse forever. */
const MAX_DEPTH = 4;

/**
 * Parses JSON found inside a string. Only strings that look like JSON are tried, so ordinary messages
 * do not fill the log; a failure is logged at debug level and never thrown (document 2, section 8),
 * because the string itself is still a usable message.
 */
function parseEmbeddedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch (err) {
    console.debug('[api] a message looked like JSON but did not parse; shown as text', err);
    return { ok: false };
  }
}

function addMessages(list: unknown[], out: ReplyDetails): void {
  for (const item of list) {
    if (typeof item === 'string') out.errors.push(item);
    else if (isRecord(item) && typeof item.message === 'string') out.errors.push(item.message);
  }
}

function addFields(fields: Record<string, unknown>, out: ReplyDetails): void {
  for (const [field, message] of Object.entries(fields)) {
    if (typeof message === 'string') out.fields[field] = message;
    // Some services send a list of messages per field; the first one is what a form shows.
    else if (Array.isArray(message) && typeof message[0] === 'string') out.fields[field] = message[0];
  }
}

/** Reads an `errors` value: the new `{ errors, fields }` object, the older array, or a field map (KYC upload). */
function readErrorsValue(value: unknown, out: ReplyDetails, depth: number): void {
  if (Array.isArray(value)) {
    out.form ??= 'legacy';
    addMessages(value, out);
  } else if (isRecord(value)) {
    out.form ??= 'new';
    if (Array.isArray(value.errors) || isRecord(value.fields)) {
      if (Array.isArray(value.errors)) addMessages(value.errors, out);
      if (isRecord(value.fields)) addFields(value.fields, out);
    } else {
      // The KYC upload's errors: a plain field -> message map (document 2, section 7).
      addFields(value, out);
    }
  } else if (typeof value === 'string') {
    // The KYC upload may send its errors as a JSON string.
    const parsed = depth < MAX_DEPTH ? parseEmbeddedJson(value) : { ok: false as const };
    if (parsed.ok) readErrorsValue(parsed.value, out, depth + 1);
    else if (value !== '') out.errors.push(value);
  }
}

/** Parameters as sent: strings and numbers only; anything else is dropped. */
function readParams(value: unknown): Record<string, string | number> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
}

/** The keys beside the English texts (decision 075): `messageKey` + `params`, and `fieldKeys`. */
function readKeys(body: Record<string, unknown>, out: ReplyDetails): void {
  if (typeof body.messageKey === 'string' && out.messageKey === undefined) {
    out.messageKey = { key: body.messageKey, params: readParams(body.params) };
  }
  if (isRecord(body.fieldKeys)) {
    for (const [field, value] of Object.entries(body.fieldKeys)) {
      if (isRecord(value) && typeof value.key === 'string') {
        out.fieldKeys[field] ??= { key: value.key, params: readParams(value.params) };
      }
    }
  }
}

function collect(body: unknown, out: ReplyDetails, depth: number): void {
  if (!isRecord(body) || depth > MAX_DEPTH) return;
  readKeys(body, out);
  if (typeof body.code === 'string') out.code ??= body.code;
  if (typeof body.type === 'string') out.type ??= body.type;
  if (body.errors !== undefined && body.errors !== null) readErrorsValue(body.errors, out, depth);
  if (isRecord(body.fields)) {
    // Top-level fields belong to the older validation_error form.
    out.form ??= 'legacy';
    addFields(body.fields, out);
  }
  // Some services nest the error object: { error: { message, code, type } }.
  if (isRecord(body.error)) collect(body.error, out, depth + 1);

  const text = [body.errorMessage, body.error, body.message].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  if (text === undefined) return;
  out.rawMessage ??= text;
  const embedded = depth < MAX_DEPTH ? parseEmbeddedJson(text) : { ok: false as const };
  if (embedded.ok && isRecord(embedded.value)) {
    collect(embedded.value, out, depth + 1);
  } else if (embedded.ok && Array.isArray(embedded.value)) {
    addMessages(embedded.value, out);
  } else {
    out.message ??= text;
  }
}

export interface ReplyErrorContext {
  status: number;
  headers: Record<string, string>;
  retries: number;
}

/** Builds the error for an HTTP reply of 400 or more whose body parsed as JSON. */
export function errorFromReply(body: unknown, ctx: ReplyErrorContext): ApiError {
  const details: ReplyDetails = { errors: [], fields: {}, fieldKeys: {} };
  collect(body, details, 0);

  const hasDetails = details.errors.length > 0 || Object.keys(details.fields).length > 0;
  const type =
    details.type ??
    (details.form === 'new' && hasDetails
      ? ERROR_TYPES.validation
      : details.form === 'legacy' && hasDetails
        ? ERROR_TYPES.legacyValidation
        : defaultTypeForStatus(ctx.status));
  // "errors.errors (messages, joined)" gives the message; a fields-only reply keeps the server's own
  // message (usually 'validation error') and errorText() shows the fields.
  const fromFields = fieldsText(details.fields);
  const message =
    details.errors.length > 0
      ? details.errors.join(TEXT_SEPARATOR)
      : (details.message ?? (fromFields !== '' ? fromFields : API_ERROR_TEXT.invalidJson));

  const accountFrozen =
    ctx.status === 401 &&
    [details.rawMessage, details.message, message].some((m) => m?.startsWith(FROZEN_ACCOUNT_MARKER) === true);

  return new ApiError({
    message,
    type,
    kind: kindForStatus(ctx.status),
    statusCode: ctx.status,
    code: details.code,
    headers: ctx.headers,
    errors: details.errors,
    fields: details.fields,
    messageKey: details.messageKey,
    fieldKeys: details.fieldKeys,
    retries: ctx.retries,
    accountFrozen,
  });
}

/** Any status, 200 included, whose body is not JSON (an HTML error page from a proxy, say). */
export function notJsonError(ctx: ReplyErrorContext): ApiError {
  return new ApiError({
    message: API_ERROR_TEXT.notJson,
    type: ctx.status >= 400 ? defaultTypeForStatus(ctx.status) : ERROR_TYPES.api,
    kind: ctx.status >= 400 ? kindForStatus(ctx.status) : 'general',
    statusCode: ctx.status,
    code: API_ERROR_CODES.notJson,
    headers: ctx.headers,
    retries: ctx.retries,
  });
}

/** A 2xx reply the caller's schema rejected: the service answered something this client does not understand. */
export function invalidReplyError(ctx: ReplyErrorContext, cause: unknown): ApiError {
  return new ApiError({
    message: API_ERROR_TEXT.notUnderstood,
    type: ERROR_TYPES.api,
    kind: 'general',
    statusCode: ctx.status,
    code: API_ERROR_CODES.invalidReply,
    headers: ctx.headers,
    retries: ctx.retries,
    cause,
  });
}

/** Network failure or timeout, after any retries (document 2, section 8). */
export function connectionError(opts: { retries: number; timedOut: boolean; cause: unknown }): ApiError {
  // Joined with '. ' so the two sentences of the spec read as two sentences; the words are the spec's.
  const message =
    opts.retries > 0
      ? `${API_ERROR_TEXT.connection}. Request was retried ${opts.retries} times`
      : API_ERROR_TEXT.connection;
  return new ApiError({
    message,
    type: CONNECTION_ERROR_TYPE,
    kind: 'connection',
    code: opts.timedOut ? API_ERROR_CODES.timeout : API_ERROR_CODES.network,
    retries: opts.retries,
    cause: opts.cause,
  });
}
