import { AppError } from '../app-error';

/** A value as JSON (and jsonb) gives it back: what an idempotency record stores of a request and compares. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The first path at which two JSON values differ ("postings[0].amount"), or null when they are equal. */
export function firstDifference(a: Json, b: Json, path = ''): string | null {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return path || 'params';
    if (a.length !== b.length) return path || 'params';
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i]!, b[i]!, `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const d = firstDifference(a[key] ?? null, b[key] ?? null, path ? `${path}.${key}` : key);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : path || 'params';
}

/** 422 idempotency_error naming the field that differs (spec/RULINGS.md R16). */
export function idempotencyMismatch(field: string): AppError {
  const message = `This idempotency key was used with a different ${field}`;
  return new AppError('idempotency_error', { message, details: { errors: [message], fields: { [field]: message } } });
}
