import { describe, expect, it } from 'vitest';
import { SANDBOX_INSTITUTIONS } from './catalogue';
import { monogramLogo } from './logo';
import { createSandboxBankLink, SANDBOX_LINK_TOKEN_TTL_MS } from './sandbox';
import { BankLinkError } from './types';

const now = new Date('2030-01-02T03:04:05Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('the bank-link sandbox', () => {
  it('offers about 70 US institutions with ins_ ids, chime and Centra Credit Union among them', () => {
    expect(SANDBOX_INSTITUTIONS.length).toBeGreaterThanOrEqual(65);
    expect(SANDBOX_INSTITUTIONS.length).toBeLessThanOrEqual(75);
    expect(new Set(SANDBOX_INSTITUTIONS.map((i) => i.id)).size).toBe(SANDBOX_INSTITUTIONS.length);
    for (const i of SANDBOX_INSTITUTIONS) expect(i.id).toMatch(/^ins_[a-z0-9_]+$/);
    const names = SANDBOX_INSTITUTIONS.map((i) => i.name.toLowerCase());
    expect(names).toContain('chime');
    expect(names).toContain('centra credit union');
  });

  it('generates stable monogram logos', () => {
    expect(monogramLogo('Bank of America').monogram).toBe('A');
    expect(monogramLogo('Wells Fargo').monogram).toBe('WF');
    expect(monogramLogo('Centra Credit Union').monogram).toBe('CC');
    expect(monogramLogo('Chime')).toEqual(monogramLogo('Chime'));
    for (const i of SANDBOX_INSTITUTIONS) {
      const logo = monogramLogo(i.name);
      expect(logo.monogram).toMatch(/^[A-Z0-9]{1,2}$/);
      expect(logo.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('links: link token → public token for a chosen institution → exchange to an item with checking and savings', async () => {
    const bank = createSandboxBankLink();
    const { linkToken, expiration } = await bank.createLinkToken({ clientUserId: 'u1', now });
    expect(linkToken).toMatch(/^link-sandbox-/);
    expect(expiration.getTime() - now.getTime()).toBe(SANDBOX_LINK_TOKEN_TTL_MS);
    const link = await bank.completeLink({ linkToken, clientUserId: 'u1', institutionId: 'ins_wells_fargo', now });
    expect(link.publicToken).toMatch(/^public-sandbox-/);
    expect(link.accounts.map((a) => a.subtype)).toEqual(['checking', 'savings']);
    for (const a of link.accounts) expect(a.mask).toMatch(/^\d{4}$/);
    const item = await bank.exchangePublicToken({ publicToken: link.publicToken, clientUserId: 'u1', now });
    expect(item.institution.name).toBe('Wells Fargo');
    expect(item.accounts).toEqual(link.accounts);
    expect(item.updateMode).toBe(false);
    // The same user and bank name the same item again; another user gets another item.
    const again = await bank.completeLink({ linkToken, clientUserId: 'u1', institutionId: 'ins_wells_fargo', now });
    expect((await bank.exchangePublicToken({ publicToken: again.publicToken, clientUserId: 'u1', now })).itemId).toBe(
      item.itemId,
    );
    const other = await bank.completeLink({
      linkToken: (await bank.createLinkToken({ clientUserId: 'u2', now })).linkToken,
      clientUserId: 'u2',
      institutionId: 'ins_wells_fargo',
      now,
    });
    expect(
      (await bank.exchangePublicToken({ publicToken: other.publicToken, clientUserId: 'u2', now })).itemId,
    ).not.toBe(item.itemId);
  });

  it('refuses expired, edited, foreign tokens and unknown institutions', async () => {
    const bank = createSandboxBankLink();
    const { linkToken } = await bank.createLinkToken({ clientUserId: 'u1', now });
    const code = async (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof BankLinkError ? e.code : String(e)),
      );
    expect(
      await code(
        bank.completeLink({
          linkToken,
          clientUserId: 'u1',
          institutionId: 'ins_jpmorgan_chase_bank',
          now: later(SANDBOX_LINK_TOKEN_TTL_MS),
        }),
      ),
    ).toBe('INVALID_LINK_TOKEN');
    expect(await code(bank.completeLink({ linkToken, clientUserId: 'u2', institutionId: 'ins_citibank', now }))).toBe(
      'INVALID_LINK_TOKEN',
    );
    expect(
      await code(
        bank.completeLink({
          linkToken: linkToken.slice(0, -2) + 'xx',
          clientUserId: 'u1',
          institutionId: 'ins_citibank',
          now,
        }),
      ),
    ).toBe('INVALID_LINK_TOKEN');
    expect(await code(bank.completeLink({ linkToken, clientUserId: 'u1', institutionId: 'ins_nowhere', now }))).toBe(
      'INVALID_INSTITUTION',
    );
    const { publicToken } = await bank.completeLink({
      linkToken,
      clientUserId: 'u1',
      institutionId: 'ins_citibank',
      now,
    });
    expect(await code(bank.exchangePublicToken({ publicToken, clientUserId: 'u2', now }))).toBe('INVALID_PUBLIC_TOKEN');
    expect(await code(bank.exchangePublicToken({ publicToken: linkToken, clientUserId: 'u1', now }))).toBe(
      'INVALID_PUBLIC_TOKEN',
    );
    // Another process's key (a restart) does not accept this one's tokens.
    expect(await code(createSandboxBankLink().exchangePublicToken({ publicToken, clientUserId: 'u1', now }))).toBe(
      'INVALID_PUBLIC_TOKEN',
    );
  });

  it('resets an item to login-required; a re-auth link for that item repairs it', async () => {
    const bank = createSandboxBankLink();
    const link = await bank.completeLink({
      linkToken: (await bank.createLinkToken({ clientUserId: 'u1', now })).linkToken,
      clientUserId: 'u1',
      institutionId: 'ins_citibank',
      now,
    });
    const { itemId } = await bank.exchangePublicToken({ publicToken: link.publicToken, clientUserId: 'u1', now });
    expect(await bank.itemStatus(itemId)).toEqual({ loginRequired: false });
    await bank.resetLogin(itemId);
    expect(await bank.itemStatus(itemId)).toEqual({ loginRequired: true });
    const reauth = await bank.createLinkToken({ clientUserId: 'u1', itemId, now });
    // Update mode is for the item's own institution only.
    await expect(
      bank.completeLink({
        linkToken: reauth.linkToken,
        clientUserId: 'u1',
        institutionId: 'ins_jpmorgan_chase_bank',
        now,
      }),
    ).rejects.toThrow(BankLinkError);
    const repaired = await bank.completeLink({
      linkToken: reauth.linkToken,
      clientUserId: 'u1',
      institutionId: 'ins_citibank',
      now,
    });
    const exchanged = await bank.exchangePublicToken({ publicToken: repaired.publicToken, clientUserId: 'u1', now });
    expect(exchanged).toMatchObject({ itemId, updateMode: true });
    expect(await bank.itemStatus(itemId)).toEqual({ loginRequired: false });
    await expect(bank.resetLogin('nonsense')).rejects.toThrow(BankLinkError);
  });
});
