import type { Queryable } from '../db';
import { notFound, usageError } from './errors';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UserRow {
  id: string;
  email: string;
  status: string;
  locale: string;
  phone_number: string | null;
  phone_verified: boolean;
  preferred_mfa: string;
  created_at: Date;
  [key: string]: unknown;
}

/** A user named on the command line by userGuid or by email address (any case: addresses are stored lower-cased). */
export async function findUser(db: Queryable, who: string): Promise<UserRow> {
  const query = who.trim();
  let rows: UserRow[];
  if (UUID.test(query)) {
    ({ rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [query.toLowerCase()]));
  } else if (query.includes('@')) {
    ({ rows } = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [query.toLowerCase()]));
  } else {
    throw usageError(`"${who}" is neither an email address nor a userGuid`);
  }
  const user = rows[0];
  if (!user) throw notFound(`No user ${UUID.test(query) ? 'with userGuid' : 'with email'} ${query}`);
  return user;
}
