import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db';
import { SANDBOX_INSTITUTIONS } from './catalogue';
import { BankLinkError, type BankLinkInstitution, type BankLinkProvider, type BankLinkProviderAccount } from './types';

/** Link tokens live 30 minutes, public tokens 30 minutes (short: a link is finished in one sitting). */
export const SANDBOX_LINK_TOKEN_TTL_MS = 30 * 60_000;
export const SANDBOX_PUBLIC_TOKEN_TTL_MS = 30 * 60_000;

interface LinkClaims {
  /** client user id */
  u: string;
  /** the item being re-authenticated (update mode) */
  i?: string;
  /** expiry, epoch ms */
  e: number;
  n: string;
}

interface PublicClaims extends LinkClaims {
  /** institution id */
  s: string;
}

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The built-in bank-link sandbox (decision 013). Tokens are signed, not stored: `link-sandbox-…` and
 * `public-sandbox-…` carry their user, expiry and (in update mode) item, under an HMAC key (the one every instance
 * shares through the database, loadSandboxBankLinkSecret; else a random one of this process), so a token made for
 * one user is refused for another and an edited token is refused. An item is the user's link to one
 * institution: its id is derived from both, so linking the same bank again names the same item (the add call is
 * idempotent on item and account). Login-required state is kept per item in memory here; the database's copy on
 * each method (what a real service's ITEM_LOGIN_REQUIRED webhook would write) is what the API answers from.
 */
export function createSandboxBankLink(options: { secret?: Buffer } = {}): BankLinkProvider {
  const secret = options.secret ?? randomBytes(32);
  const byId = new Map(SANDBOX_INSTITUTIONS.map((institution) => [institution.id, institution]));
  const loginRequired = new Set<string>();

  function sign(prefix: string, claims: object): string {
    const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
    const mac = createHmac('sha256', secret).update(`${prefix}.${payload}`).digest('base64url');
    return `${prefix}-${payload}.${mac}`;
  }

  function verify<T extends LinkClaims>(prefix: string, token: string, now: Date, code: BankLinkError['code']): T {
    const fail = () => new BankLinkError(code, 'The token is invalid or has expired');
    if (!token.startsWith(`${prefix}-`)) throw fail();
    const [payload, mac, extra] = token.slice(prefix.length + 1).split('.');
    if (!payload || !mac || extra !== undefined) throw fail();
    const expected = createHmac('sha256', secret).update(`${prefix}.${payload}`).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fail();
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
    if (typeof claims.e !== 'number' || claims.e <= now.getTime()) throw fail();
    return claims;
  }

  function institutionOf(id: string): BankLinkInstitution {
    const institution = byId.get(id);
    if (!institution) throw new BankLinkError('INVALID_INSTITUTION', 'Unknown institution');
    return institution;
  }

  const itemIdOf = (clientUserId: string, institutionId: string) =>
    `item-sandbox-${sha(`${clientUserId}\n${institutionId}`).slice(0, 32)}`;

  /** Every sandbox institution offers a checking and a savings account; masks and ids derive from the item. */
  function accountsOf(itemId: string, institution: BankLinkInstitution): BankLinkProviderAccount[] {
    return (['checking', 'savings'] as const).map((subtype) => {
      const digest = sha(`${itemId}\n${subtype}`);
      const mask = String(parseInt(digest.slice(0, 8), 16) % 10_000).padStart(4, '0');
      const label = subtype === 'checking' ? 'Checking' : 'Savings';
      return {
        id: `acc-sandbox-${digest.slice(8, 40)}`,
        mask,
        name: `${institution.name} ${label}`,
        subtype,
        type: 'depository',
      };
    });
  }

  return {
    kind: 'sandbox',
    institutions: () => SANDBOX_INSTITUTIONS,

    async createLinkToken({ clientUserId, itemId, now }) {
      const expiration = new Date(now.getTime() + SANDBOX_LINK_TOKEN_TTL_MS);
      const claims: LinkClaims = {
        u: clientUserId,
        e: expiration.getTime(),
        n: randomBytes(9).toString('base64url'),
        ...(itemId ? { i: itemId } : {}),
      };
      return { linkToken: sign('link-sandbox', claims), expiration };
    },

    async completeLink({ linkToken, clientUserId, institutionId, now }) {
      const link = verify<LinkClaims>('link-sandbox', linkToken, now, 'INVALID_LINK_TOKEN');
      if (link.u !== clientUserId) throw new BankLinkError('INVALID_LINK_TOKEN', 'The token is invalid or has expired');
      const institution = institutionOf(institutionId);
      const itemId = itemIdOf(clientUserId, institution.id);
      // Update mode re-authenticates one item: the user logs in to that item's institution, no other.
      if (link.i !== undefined && link.i !== itemId)
        throw new BankLinkError('INVALID_INSTITUTION', 'This link token is for another institution');
      const claims: PublicClaims = {
        u: clientUserId,
        s: institution.id,
        e: now.getTime() + SANDBOX_PUBLIC_TOKEN_TTL_MS,
        n: randomBytes(9).toString('base64url'),
        ...(link.i ? { i: link.i } : {}),
      };
      return { publicToken: sign('public-sandbox', claims), institution, accounts: accountsOf(itemId, institution) };
    },

    async exchangePublicToken({ publicToken, clientUserId, now }) {
      const claims = verify<PublicClaims>('public-sandbox', publicToken, now, 'INVALID_PUBLIC_TOKEN');
      if (claims.u !== clientUserId)
        throw new BankLinkError('INVALID_PUBLIC_TOKEN', 'The token is invalid or has expired');
      const institution = institutionOf(claims.s);
      const itemId = itemIdOf(clientUserId, institution.id);
      const updateMode = claims.i !== undefined;
      // Logging in again (through a re-auth link) repairs the item.
      if (updateMode) loginRequired.delete(itemId);
      return { itemId, institution, accounts: accountsOf(itemId, institution), updateMode };
    },

    async itemStatus(itemId) {
      return { loginRequired: loginRequired.has(itemId) };
    },

    async resetLogin(itemId) {
      if (!itemId.startsWith('item-sandbox-')) throw new BankLinkError('ITEM_NOT_FOUND', 'Unknown item');
      loginRequired.add(itemId);
    },
  };
}

const SECRET_SETTING = 'bank_link.sandbox_secret';

/**
 * The sandbox's token key, generated on first start and kept in app_settings (as the identity secret is), so every
 * instance on the database signs and checks the same tokens. The insert-or-keep is race-free.
 */
export async function loadSandboxBankLinkSecret(db: Pick<Queryable, 'query'>): Promise<Buffer> {
  await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SECRET_SETTING,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [SECRET_SETTING]);
  if (!rows[0]) throw new Error('bank-link sandbox secret missing after insert');
  return Buffer.from(rows[0].value, 'base64url');
}

/**
 * A bank-link sandbox of its own random key, for `resetBankMethod` called without a provider (tests); the sandbox
 * screen's reset passes the process's own (apps/api/src/services.ts).
 */
export const sandboxBankLink: BankLinkProvider = createSandboxBankLink();
