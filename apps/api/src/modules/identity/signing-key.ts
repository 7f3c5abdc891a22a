import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../../db';

const SETTING = 'identity.jwt_secret';

/**
 * The secret behind identity tokens and code hashes. JWT_SECRET wins; otherwise one is generated on first
 * start and kept in app_settings. The insert-or-keep is race-free, so instances starting together agree.
 */
export async function loadIdentitySecret(db: Db, configured: string | null): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SETTING,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SETTING]);
  const value = rows[0]?.value;
  if (!value) throw new Error('identity secret missing after insert');
  return Buffer.from(value, 'utf8');
}

/** One key per use (HKDF), so a token of one kind can never be verified as another and codes use their own key. */
export function deriveKey(secret: Buffer, use: 'jwt' | 'codes'): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, Buffer.from('rampart-identity'), Buffer.from(use), 32));
}

export function hmacHex(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}
