import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { hmacHex } from './signing-key';

/** Emailed and SMS codes (docs/design-brief.md, section 6): 6 digits, single use, 10 minutes, kept as an HMAC. */
export const CODE_TTL_MS = 10 * 60 * 1000;

export { CODE_PURPOSES } from '@rampart/contracts';
export type { CodePurpose };

export type CodeCheck = 'ok' | 'mismatch' | 'expired';

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export interface CodeService {
  /** Replaces any open code of this purpose with a new one and returns it in clear, to be sent. */
  issue(tx: Queryable, userId: string, purpose: CodePurpose, now: Date): Promise<string>;
  /** Consumes the code when it is the open one; a code that was valid once reads as expired. */
  check(q: Queryable, userId: string, purpose: CodePurpose, code: string, now: Date): Promise<CodeCheck>;
}

export function createCodeService(key: Uint8Array): CodeService {
  // Bound to user and purpose so a code for one thing never opens another; keyed so a database dump
  // does not give away a million-guess brute force.
  const digest = (userId: string, purpose: CodePurpose, code: string) => hmacHex(key, `${userId}:${purpose}:${code}`);

  return {
    async issue(tx, userId, purpose, now) {
      const code = generateCode();
      // One statement: the open code is closed and the new one written from the same snapshot, so the closing never
      // sees the new row.
      await tx.query(
        `WITH replaced AS (
           UPDATE identity_codes SET consumed_at = $4 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
         )
         INSERT INTO identity_codes (user_id, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [userId, purpose, digest(userId, purpose, code), now, new Date(now.getTime() + CODE_TTL_MS)],
      );
      return code;
    },
    async check(q, userId, purpose, code, now) {
      const wanted = Buffer.from(digest(userId, purpose, code), 'hex');
      const { rows } = await q.query<{ id: string; code_hash: string; expires_at: Date; consumed_at: Date | null }>(
        `SELECT id, code_hash, expires_at, consumed_at FROM identity_codes
         WHERE user_id = $1 AND purpose = $2 AND created_at > $3 ORDER BY created_at DESC LIMIT 20`,
        [userId, purpose, new Date(now.getTime() - 24 * 3600 * 1000)],
      );
      const match = rows.find((r) => timingSafeEqual(Buffer.from(r.code_hash, 'hex'), wanted));
      if (!match) return 'mismatch';
      if (match.consumed_at !== null || new Date(match.expires_at).getTime() <= now.getTime()) return 'expired';
      // The conditional update makes two simultaneous uses of one code end with one winner.
      const { rowCount } = await q.query(
        'UPDATE identity_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL',
        [match.id, now],
      );
      return rowCount === 1 ? 'ok' : 'expired';
    },
  };
}
